import { describe, expect, it } from 'vitest';
import { buildMenu, canOpen, flattenRoutes, type RouteNode } from './routeTree';
import { routeTree } from '../screens/routes';

const tree: RouteNode[] = [
  { path: '/auth', name: 'auth', public: true, children: [{ path: 'login', name: 'login', public: true }] },
  {
    path: '/',
    name: 'main',
    children: [
      { path: 'home', name: 'home', screen: 'home' },
      { path: 'hidden', name: 'hidden', hideInMenu: true },
      { path: 'item/:id', name: 'item' },
      { path: 'opt/:id?', name: 'opt' },
      { path: 'task', name: 'task', children: [{ path: '', name: 'tasking' }, { path: ':f', name: 'tl' }] },
    ],
  },
  {
    path: '/back',
    name: 'back',
    roles: ['ROLE_ADMIN', 'ROLE_ROOT'],
    children: [
      { path: 'a', name: 'a' },
      { path: 'b', name: 'b', roles: ['ROLE_ADMIN'] },
    ],
  },
];

describe('menu from the route tree', () => {
  it('hides auth, hidden and required-parameter routes, and collapses single-child groups', () => {
    const menu = buildMenu(tree, ['ROLE_USER']);
    expect(menu.map((m) => m.path)).toEqual(['/home', '/opt/:id?', '/task']);
    expect(menu.find((m) => m.path === '/task')?.titleKey).toBe('routes.tasking');
  });
  it('drops the back office for a plain user and admin-only children for root', () => {
    expect(buildMenu(tree, ['ROLE_USER']).some((m) => m.name === 'back')).toBe(false);
    const root = buildMenu(tree, ['role_root']);
    // root sees only child a: the group collapses into it
    expect(root.at(-1)).toMatchObject({ name: 'a', path: '/back/a' });
    const admin = buildMenu(tree, ['ROLE_ADMIN']);
    expect(admin.at(-1)?.children?.map((c) => c.name)).toEqual(['a', 'b']);
  });
  it('canOpen checks every node of the chain', () => {
    const flat = flattenRoutes(tree);
    const b = flat.find((r) => r.path === '/back/b')!;
    expect(canOpen(b.chain, ['ROLE_ADMIN'])).toBe(true);
    expect(canOpen(b.chain, ['ROLE_ROOT'])).toBe(false);
    expect(canOpen(b.chain, ['ROLE_USER'])).toBe(false);
    expect(canOpen(flat.find((r) => r.path === '/home')!.chain, [])).toBe(true);
  });
});

describe('the product route tree', () => {
  const paths = flattenRoutes(routeTree).map((r) => r.path);
  it('declares every route of spec §2', () => {
    for (const p of [
      '/auth/login', '/auth/forgotPassword', '/auth/resetPassword/:token', '/workspacedashboard', '/workspacecard',
      '/task', '/task/:filter', '/planning', '/reports', '/workspace', '/reportList',
      '/execution/:flowId/:activityId/:id?/:show?/:iscmdline?/:actividadname?/:flowname?',
      '/backOffice/stock', '/backOffice/stock/:id/:show?', '/backOffice/profile', '/backOffice/profile/:id/:show?',
      '/backOffice/jobs', '/backOffice/process/:id/:show?', '/backOffice/process/status/:id/:show?', '/backOffice/macroprocess',
      '/backOffice/macroprocess/:id/:show?', '/backOffice/instructive/:id/:show?', '/backOffice/instructive/task/:id/:parent?',
      '/backOffice/listcomunica', '/backOffice/categories', '/backOffice/reportConfig', '/backOffice/empresaconfig',
      '/backOffice/billingConfig', '/backOffice/secuenciasConfig', '/backOffice/eventosConfig',
      '/backOffice/mantenimientosConfig',
    ]) expect(paths).toContain(p);
  });
  it('lets a plain user read an instructive from the task area (hidden from the menu), not open its back-office form', () => {
    const chain = (path: string) => flattenRoutes(routeTree).find((r) => r.path === path)!.chain;
    expect(canOpen(chain('/task/instructive/:id'), ['ROLE_USER'])).toBe(true);
    expect(canOpen(chain('/backOffice/instructive/:id/:show?'), ['ROLE_USER'])).toBe(false);
    expect(chain('/task/instructive/:id').at(-1)).toMatchObject({ screen: 'instructiveView', hideInMenu: true });
  });
  it('gives a plain user no back office, an admin all of it, root the non-admin-only part', () => {
    expect(buildMenu(routeTree, ['ROLE_USER']).some((m) => m.path.startsWith('/backOffice'))).toBe(false);
    const admin = buildMenu(routeTree, ['ROLE_ADMIN']).find((m) => m.name === 'backOffice');
    expect(admin?.children?.map((c) => c.name)).toContain('categories');
    const root = buildMenu(routeTree, ['ROLE_ROOT']).find((m) => m.name === 'backOffice');
    expect(root?.children?.map((c) => c.name)).toEqual(['stock', 'profile', 'jobs', 'processList', 'macroprocess', 'instructiveList', 'listcomunica', 'empresaconfig', 'a_medida', 'cheque', 'factura']);
  });
});

describe('entity routes from metadata', () => {
  it('adds list and form routes for entities the tree does not declare', async () => {
    const { withEntityRoutes } = await import('./routeTree');
    const out = withEntityRoutes(tree, [
      { entity: 'color', area: 'backOffice', path: 'colores' },
      { entity: 'home', area: 'main', path: 'nope' },
    ]);
    const paths = flattenRoutes(out).map((r) => r.path);
    expect(paths).toContain('/back/a');
    expect(paths).not.toContain('/backOffice/colores'); // no such area in this tree
    const withBack = withEntityRoutes([{ path: '/backOffice', name: 'backOffice', children: [] }], [
      { entity: 'color', area: 'backOffice', path: 'colores' },
    ]);
    const flat = flattenRoutes(withBack);
    expect(flat.find((r) => r.path === '/backOffice/colores')?.node).toMatchObject({ screen: 'entityList', entity: 'color' });
    expect(flat.find((r) => r.path === '/backOffice/colores/:id/:show?')?.node).toMatchObject({ screen: 'entityForm', entity: 'color' });
    // a form route has a required parameter: never in the menu
    expect(buildMenu(withBack, ['ROLE_ADMIN']).map((m) => m.path)).toEqual(['/backOffice/colores']);
  });
  it('leaves entities the tree declares itself alone', async () => {
    const { withEntityRoutes } = await import('./routeTree');
    const declared = [{ path: '/backOffice', name: 'backOffice', children: [{ path: 'categories', name: 'categories', entity: 'categoria' }] }];
    expect(withEntityRoutes(declared, [{ entity: 'categoria', area: 'backOffice', path: 'categoria' }])).toEqual(declared);
  });
});

describe('route titles', () => {
  it('every route of the app has its title (routes.<name>: the heading, the tab, the menu, the breadcrumb) in both languages', async () => {
    const [es, en] = [(await import('../locales/es.json')).default, (await import('../locales/en.json')).default];
    const missing = (lang: { routes: Record<string, string> }) => flattenRoutes(routeTree).map((r) => r.node.name).filter((name) => !lang.routes[name]);
    expect(missing(es)).toEqual([]);
    expect(missing(en)).toEqual([]);
  });
});
