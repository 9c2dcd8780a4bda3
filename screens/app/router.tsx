/** React Router objects built from the route tree data (screens/routes.ts). */
import { Navigate, Outlet, createHashRouter, type RouteObject } from 'react-router-dom';
import type { RouteNode } from '../../engine/routeTree';
import { routeTree } from '../routes';
import { loadChunk, loadScreen } from '../registry';
import { Guard } from './Guard';
import { RootLayout } from './RootLayout';
import { NavigationProgress } from '../../widgets/NavigationProgress';
import ErrorScreen from '../status/ErrorScreen';
import { numberBrowserEntries } from './historyIndex';

function guardedScreen(screen: string | undefined, chain: RouteNode[]) {
  return async () => {
    const { Component } = await loadScreen(screen);
    const route = chain[chain.length - 1];
    return {
      Component: () => (
        <Guard chain={chain}>
          <Component route={route} />
        </Guard>
      ),
    };
  };
}

/** The logged-in frame (header, menu, drawer) is a chunk of its own: the login screen does not need it. */
async function loggedInFrame() {
  const { ShellLayout } = await loadChunk(() => import('./ShellLayout'));
  return {
    Component: () => (
      <Guard chain={[]}>
        <ShellLayout />
      </Guard>
    ),
  };
}

function toRoute(node: RouteNode, chain: RouteNode[], top: boolean): RouteObject {
  const nodes = [...chain, node];
  const handle = { titleKey: `routes.${node.name}` };
  const path = top ? node.path.replace(/^\//, '') : node.path;
  if (!node.children) {
    const lazy = guardedScreen(node.screen, nodes);
    return path === '' ? { index: true, handle, lazy } : { path, handle, lazy };
  }
  const children = node.children.map((c) => toRoute(c, nodes, false));
  if (node.redirect) children.unshift({ index: true, element: <Navigate to={node.redirect} replace /> });
  else if (!node.children.some((c) => c.path === '')) {
    children.unshift({ index: true, handle, lazy: guardedScreen('backOfficeHome', nodes) });
  }
  return {
    path,
    handle,
    element: (
      <Guard chain={nodes}>
        <Outlet />
      </Guard>
    ),
    children,
  };
}

export function buildRoutes(tree: readonly RouteNode[] = routeTree): RouteObject[] {
  const publicAreas = tree.filter((n) => n.public).map((n) => toRoute(n, [], true));
  const privateAreas = tree.filter((n) => !n.public).map((n) => toRoute(n, [], true));
  return [
    {
      element: <RootLayout />,
      errorElement: <ErrorScreen failed />,
      hydrateFallbackElement: <NavigationProgress active />,
      children: [
        ...publicAreas,
        { lazy: loggedInFrame, children: [...privateAreas, { path: '*', element: <ErrorScreen /> }] },
      ],
    },
  ];
}

export function createAppRouter(routes: RouteObject[] = buildRoutes()) {
  // first, so that an entry the browser made (an address typed) has its number when the router hears of it
  const entries = numberBrowserEntries();
  const router = createHashRouter(routes);
  router.subscribe(entries.follow);
  return router;
}
