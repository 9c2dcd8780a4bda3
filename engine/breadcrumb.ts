/**
 * The breadcrumb of a record's form (issue 19): the menu group › the list it belongs to (or the page that
 * opened it) › the record. Pure over the route tree; the screen adds the record's own name as the last step.
 */
import { flattenRoutes, type RouteNode } from './routeTree';

export interface CrumbStep {
  /** i18n key of the step's text (`routes.<name>`). */
  titleKey: string;
  /** Where the step links to. */
  path: string;
}

/** True when an app path (no query) is one the route pattern (`:param`, `:param?`) answers. */
export function matchesRoute(pattern: string, pathname: string): boolean {
  const want = pattern.split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  let i = 0;
  for (const seg of want) {
    const optional = seg.startsWith(':') && seg.endsWith('?');
    if (i >= have.length) {
      if (optional) continue;
      return false;
    }
    if (!seg.startsWith(':') && seg !== have[i]) return false;
    i++;
  }
  return i === have.length;
}

const pathnameOf = (to: string) => to.split(/[?#]/)[0] || '/';
/** A route without parameters is a better answer than one whose parameter happens to match. */
const params = (path: string) => (path.match(/:/g) ?? []).length;

function routeAt(tree: readonly RouteNode[], pathname: string, withParams: boolean) {
  return flattenRoutes(tree)
    .filter((r) => !r.chain.some((n) => n.public) && (withParams || params(r.path) === 0 || /^[^:]*(\/:[A-Za-z]+\?)*$/.test(r.path)))
    .filter((r) => matchesRoute(r.path, pathname))
    .sort((a, b) => params(a.path) - params(b.path))[0];
}

/**
 * The steps before the record: the groups of the menu above the list (never the app's root area) and the list
 * itself. `listPath` is the entity's list (routeForm); when no page of its own answers it (an activity's form
 * lives under its process), the nearest page above it does. `returnTo`, when the form was opened from another
 * page (a process's activities), is the page the trail goes back to instead. Nothing when no route answers.
 */
export function formTrail(tree: readonly RouteNode[], listPath: string | null, returnTo?: string | null): CrumbStep[] {
  let found = returnTo ? routeAt(tree, pathnameOf(returnTo), true) : undefined;
  let to = returnTo ?? '';
  for (let p = listPath ? pathnameOf(listPath) : ''; !found && p.length > 1; p = p.replace(/\/[^/]*$/, '')) {
    found = routeAt(tree, p, false);
    to = p === pathnameOf(listPath!) ? listPath! : p;
  }
  if (!found) return [];
  const groups: CrumbStep[] = [];
  let base = '';
  for (const node of found.chain.slice(0, -1)) {
    base = node.path.startsWith('/') ? node.path : `${base.replace(/\/$/, '')}/${node.path}`;
    if (base === '/' || node.path === '') continue;
    groups.push({ titleKey: `routes.${node.name}`, path: base });
  }
  return [...groups, { titleKey: `routes.${found.node.name}`, path: to }];
}
