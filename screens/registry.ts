/**
 * Screen name -> lazily loaded component. A route whose screen is not here yet shows the
 * "not available yet" page. Chunks that do not arrive within 120 s fail (spec §9).
 */
import type { ComponentType } from 'react';
import type { RouteNode } from '../engine/routeTree';

/** Every screen gets the route node it was opened from. */
export type ScreenProps = { route?: RouteNode };

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

type Loader = () => Promise<{ default: ComponentType<ScreenProps> }>;

export const screens: Record<string, Loader> = {
  login: () => import('./auth/LoginScreen'),
  forgotPassword: () => import('./auth/ForgotPasswordScreen'),
  resetPassword: () => import('./auth/ResetPasswordScreen'),
  dashboard: () => import('./dashboard/DashboardScreen'),
  workspaceCards: () => import('./workspace/WorkspaceCardsScreen'),
  execution: () => import('./execution/ExecutionScreen'),
  backOfficeHome: () => import('./dashboard/BackOfficeScreen'),
  notAvailable: () => import('./status/NotAvailableScreen'),
  entityList: () => import('./entity/EntityListScreen'),
  entityForm: () => import('./entity/EntityFormScreen'),
  entityDialog: () => import('./entity/EntityDialogScreen'),
  singleRecord: () => import('./entity/SingleRecordScreen'),
  processForm: () => import('./process/ProcessFormScreen'),
  flowDesigner: () => import('./flow/FlowDesignerScreen'),
  instructiveForm: () => import('./instructive/InstructiveFormScreen'),
  instructiveView: () => import('./instructive/InstructiveViewScreen'),
  taskForm: () => import('./tasks/TaskFormScreen'),
  tasking: () => import('./tasks/TaskingScreen'),
  planning: () => import('./planning/PlanningScreen'),
  maintenance: () => import('./maintenance/MaintenanceScreen'),
  billingConfig: () => import('./billing/BillingConfigScreen'),
  reports: () => import('./reports/ReportsScreen'),
  reportList: () => import('./reports/ReportListScreen'),
  eventForm: () => import('./events/EventFormScreen'),
  eventDeliveryForm: () => import('./events/DeliveryFormScreen'),
};

/** A chunk's import, failing when it has not arrived within CHUNK_LOAD_TIMEOUT_MS. */
export function loadChunk<T>(load: () => Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('chunk load timeout')), CHUNK_LOAD_TIMEOUT_MS);
  });
  return Promise.race([load(), timeout]).finally(() => clearTimeout(timer));
}

export function loadScreen(name: string | undefined): Promise<{ Component: ComponentType<ScreenProps> }> {
  const loader = (name && screens[name]) || screens.notAvailable;
  return loadChunk(loader).then((m) => ({ Component: m.default }));
}
