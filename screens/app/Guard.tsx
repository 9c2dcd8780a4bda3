/** Route guards of spec §4 and §6: login required, login page skipped when logged in, role failures to the error page. */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { canOpen, type RouteNode } from '../../engine/routeTree';
import { useSession } from './useSession';
import ErrorScreen from '../status/ErrorScreen';

export const HOME_PATH = '/workspacedashboard';
export const LOGIN_PATH = '/auth/login';

export function Guard({ chain, children }: { chain: readonly RouteNode[]; children: ReactNode }) {
  const { user, checking } = useSession();
  const location = useLocation();
  if (checking) return null;
  const isPublic = chain.some((n) => n.public);
  if (isPublic) {
    if (user && chain.at(-1)?.name === 'login') return <Navigate to={returnPath(location.state)} replace />;
    return <>{children}</>;
  }
  if (!user) return <Navigate to={LOGIN_PATH} replace state={{ from: location.pathname }} />;
  if (!canOpen(chain, user.roles)) return <ErrorScreen forbidden />;
  return <>{children}</>;
}

/** Where login leads: the page a logged-out user asked for, else the dashboard. */
function returnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('/auth') ? from : HOME_PATH;
}
