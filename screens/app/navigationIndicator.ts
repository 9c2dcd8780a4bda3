/** The app's one navigation indicator actor: navigations come from RootLayout, calls in flight from the API client. */
import { createActor } from 'xstate';
import { navigationIndicatorMachine } from '../../machines/navigationIndicator';

export const navigationIndicator = createActor(navigationIndicatorMachine).start();
