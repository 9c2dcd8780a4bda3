/** The logged-in frame: header, menu from the route tree, content. */
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useEffect, useMemo } from 'react';
import { dismissPageToasts } from '../../widgets/toaster';
import { buildMenu } from '../../engine/routeTree';
import { AppShell } from '../../widgets/AppShell';
import { useToaster } from '../../widgets/UiProvider';
import { routeTree } from '../routes';
import { useSession } from './useSession';
import { ReadCacheProvider } from './readCache';

export function ShellLayout() {
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // logged-in screens save, delete and report: their toaster loads with them, not with the first toast
  useToaster();
  // toasts do not pile up across pages
  useEffect(() => dismissPageToasts(), [location.pathname]);
  const menu = useMemo(() => buildMenu(routeTree, user?.roles ?? []), [user]);
  if (!user) return null;
  return (
    <ReadCacheProvider>
      <AppShell
        user={user}
        menu={menu}
        currentPath={location.pathname}
        onNavigate={(path) => navigate(path)}
        onLogout={logout}
      >
        <Outlet />
      </AppShell>
    </ReadCacheProvider>
  );
}
