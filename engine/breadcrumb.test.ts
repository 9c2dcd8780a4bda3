import { describe, expect, it } from 'vitest';
import { formTrail, matchesRoute } from './breadcrumb';
import { routeTree } from '../screens/routes';

describe('matchesRoute', () => {
  it('matches static segments, parameters and optional ones', () => {
    expect(matchesRoute('/backOffice/stock', '/backOffice/stock')).toBe(true);
    expect(matchesRoute('/backOffice/stock', '/backOffice/stockX')).toBe(false);
    expect(matchesRoute('/backOffice/stock/:id/:show?', '/backOffice/stock/5')).toBe(true);
    expect(matchesRoute('/backOffice/stock/:id/:show?', '/backOffice/stock/5/show')).toBe(true);
    expect(matchesRoute('/backOffice/stock/:id/:show?', '/backOffice/stock')).toBe(false);
    expect(matchesRoute('/backOffice/stock/:id/:show?', '/backOffice/stock/5/show/x')).toBe(false);
  });
});

describe('formTrail (menu group › list)', () => {
  it('a back-office form: the group, then its list', () => {
    expect(formTrail(routeTree, '/backOffice/stock')).toEqual([
      { titleKey: 'routes.backOffice', path: '/backOffice' },
      { titleKey: 'routes.stock', path: '/backOffice/stock' },
    ]);
  });

  it('a form opened from another page goes back to that page (its query kept), named by its route', () => {
    expect(formTrail(routeTree, null, '/backOffice/process/7?tab=2')).toEqual([
      { titleKey: 'routes.backOffice', path: '/backOffice' },
      { titleKey: 'routes.process', path: '/backOffice/process/7?tab=2' },
    ]);
  });

  it('a list of the main area has no group (the app root is not a menu group)', () => {
    const main = routeTree.find((n) => n.path === '/')!.children!.find((n) => n.screen === 'entityList');
    if (!main) return;
    const steps = formTrail(routeTree, `/${main.path}`);
    expect(steps).toEqual([{ titleKey: `routes.${main.name}`, path: `/${main.path}` }]);
  });

  it('nothing for a path no route answers, or no list at all', () => {
    expect(formTrail(routeTree, '/nowhere/at/all')).toEqual([]);
    expect(formTrail(routeTree, null)).toEqual([]);
  });
});

describe('formTrail for a form whose list is not a page of its own', () => {
  it('an activity (under its process) names the nearest page above, never a form with a made-up id', () => {
    expect(formTrail(routeTree, '/backOffice/process/status')).toEqual([
      { titleKey: 'routes.backOffice', path: '/backOffice' },
      { titleKey: 'routes.processList', path: '/backOffice/process' },
    ]);
    expect(formTrail(routeTree, '/backOffice/instructive/task').at(-1)).toEqual({ titleKey: 'routes.instructiveList', path: '/backOffice/instructive' });
  });
});
