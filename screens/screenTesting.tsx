/**
 * For UI tests of screens (jsdom): a screen's route node by name, and screens rendered at an address under a
 * memory data router (a form asks before leaving with typed data: useBlocker) with the app's providers.
 */
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { RouteNode } from '../engine/routeTree';
import { UiProvider } from '../widgets/UiProvider';
import { ReadCacheProvider } from './app/readCache';
import { routeTree } from './routes';

export const routeNode = (name: string, tree: readonly RouteNode[] = routeTree): RouteNode | undefined =>
  tree.reduce<RouteNode | undefined>((found, n) => found ?? (n.name === name ? n : routeNode(name, n.children ?? [])), undefined);

/** Renders `routes` at `path`; `beside` goes next to the router (a toaster). The render's result, and the router. */
export function renderAt(routes: RouteObject[], path: string, beside?: ReactNode) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <UiProvider>
      <ReadCacheProvider>
        <RouterProvider router={router} />
        {beside}
      </ReadCacheProvider>
    </UiProvider>,
  );
  return { ...result, router };
}
