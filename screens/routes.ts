/** The whole route tree of spec §2, as data. Screens are named here and resolved in screens/registry.tsx. */
import { withEntityRoutes, type RouteNode } from '../engine/routeTree';
import { entityRoutes } from './entityRoutes';
import { ROLES } from '../engine/roles';

const ADMIN_ONLY = [ROLES.ADMIN];

export const declaredRoutes: readonly RouteNode[] = [
  {
    path: '/auth',
    name: 'auth',
    redirect: 'login',
    public: true,
    children: [
      { path: 'login', name: 'login', screen: 'login', public: true },
      { path: 'forgotPassword', name: 'forgotPassword', screen: 'forgotPassword', public: true },
      { path: 'resetPassword/:token', name: 'resetPassword', screen: 'resetPassword', public: true },
    ],
  },
  {
    path: '/',
    name: 'main',
    redirect: 'workspacedashboard',
    children: [
      { path: 'workspacedashboard', name: 'workspacedashboard', screen: 'dashboard' },
      { path: 'workspacecard', name: 'workspacecard', screen: 'workspaceCards' },
      {
        path: 'task',
        name: 'task',
        children: [
          { path: '', name: 'tasking', screen: 'tasking' },
          { path: ':filter', name: 'taskList', hideInMenu: true, screen: 'tasking' },
          // an instructive to read, for staff with its tasks (the back office's form is for ADMIN / ROOT)
          { path: 'instructive/:id', name: 'taskInstructive', hideInMenu: true, screen: 'instructiveView', entity: 'instructivo' },
        ],
      },
      { path: 'planning', name: 'planning', screen: 'planning' },
      { path: 'reports', name: 'reports', screen: 'reports' },
      // the home (spec §2): what the landing page shows, for addresses and links that name it
      { path: 'workspace', name: 'workspace', hideInMenu: true, screen: 'dashboard' },
      {
        path: 'execution/:flowId/:activityId/:id?/:show?/:iscmdline?/:actividadname?/:flowname?',
        name: 'execution',
        screen: 'execution',
      },
      { path: 'reportList', name: 'reportList', screen: 'reportList' },
    ],
  },
  {
    path: '/backOffice',
    name: 'backOffice',
    roles: [ROLES.ADMIN, ROLES.ROOT],
    children: [
      { path: 'stock', name: 'stock', screen: 'entityList', entity: 'articulo' },
      { path: 'stock/:id/:show?', name: 'stockForm', screen: 'entityForm', entity: 'articulo' },
      { path: 'profile', name: 'profile', screen: 'entityList', entity: 'perfil' },
      { path: 'profile/:id/:show?', name: 'profileForm', screen: 'entityForm', entity: 'perfil' },
      { path: 'jobs', name: 'jobs', screen: 'entityDialog', entity: 'puesto' },
      // the spec names only the process form: its list is where users find processes
      { path: 'process', name: 'processList', screen: 'entityList', entity: 'proceso' },
      { path: 'process/:id/:show?', name: 'process', screen: 'processForm', entity: 'proceso' },
      { path: 'process/status/:id/:show?', name: 'processStatus', screen: 'entityForm', entity: 'actividad' },
      { path: 'macroprocess', name: 'macroprocess', screen: 'entityList', entity: 'flujo' },
      // `:id/show` is the flow to look at (the list's "Ver"): the designer, read-only
      { path: 'macroprocess/:id/:show?', name: 'macroprocessForm', screen: 'flowDesigner', entity: 'flujo' },
      // the spec names only the instructive form: its list is where users find instructives
      { path: 'instructive', name: 'instructiveList', screen: 'entityList', entity: 'instructivo' },
      { path: 'instructive/:id/:show?', name: 'instructive', screen: 'instructiveForm', entity: 'instructivo' },
      // :parent is the instructive a new task is added to
      { path: 'instructive/task/:id/:parent?', name: 'instructiveTask', screen: 'taskForm', entity: 'tarea' },
      { path: 'listcomunica', name: 'listcomunica', screen: 'entityDialog', entity: 'comunicacion' },
      { path: 'categories', name: 'categories', roles: ADMIN_ONLY, screen: 'entityList', entity: 'categoria' },
      { path: 'categories/:id/:show?', name: 'categoriesForm', roles: ADMIN_ONLY, screen: 'entityForm', entity: 'categoria' },
      { path: 'reportConfig', name: 'reportConfig', roles: ADMIN_ONLY, screen: 'entityList', entity: 'reporte' },
      { path: 'reportConfig/:id/:show?', name: 'reportConfigForm', roles: ADMIN_ONLY, screen: 'entityForm', entity: 'reporte' },
      { path: 'empresaconfig', name: 'empresaconfig', roles: [ROLES.ADMIN, ROLES.ROOT], screen: 'singleRecord', entity: 'empresa' },
      { path: 'billingConfig', name: 'billingConfig', roles: ADMIN_ONLY, screen: 'billingConfig', entity: 'facturacion' },
      { path: 'secuenciasConfig', name: 'secuenciasConfig', roles: ADMIN_ONLY, screen: 'entityDialog', entity: 'secuencia' },
      { path: 'eventosConfig', name: 'eventosConfig', roles: ADMIN_ONLY, screen: 'entityList', entity: 'evento' },
      { path: 'eventosConfig/:id/:show?', name: 'eventosConfigForm', roles: ADMIN_ONLY, screen: 'eventForm', entity: 'evento' },
      { path: 'eventosEntregas', name: 'eventosEntregas', roles: ADMIN_ONLY, screen: 'entityList', entity: 'evento_entrega' },
      { path: 'eventosEntregas/:id/:show?', name: 'eventosEntregasForm', roles: ADMIN_ONLY, screen: 'eventDeliveryForm', entity: 'evento_entrega' },
      { path: 'mantenimientosConfig', name: 'mantenimientosConfig', roles: ADMIN_ONLY, screen: 'maintenance' },
    ],
  },
];

/** The declared routes plus the screens of entities that name their own route in columns.json. */
export const routeTree: readonly RouteNode[] = withEntityRoutes(declaredRoutes, entityRoutes);
