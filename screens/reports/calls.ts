/** The report calls bound to the app's client. */
import { reportsApi } from './reportsApi';
import { api } from '../app/session';

export const reportCalls = reportsApi(api);
