/**
 * The route tree as data (spec §2) and the pure rules over it: who may open a route, and the menu.
 * screens/ declares the tree; the router and the menu are built from it.
 */
import { hasAny } from './roles';

export interface RouteNode {
  /** Path segment relative to the parent ('' for an index child); may hold `:param` and `:param?`. */
  path: string;
  /** Unique name, also the i18n key suffix: `routes.<name>`. */
  name: string;
  /** Key of the screen in the screen registry; a route without one only groups or redirects. */
  screen?: string;
  /** Child path the route redirects to when opened itself. */
  redirect?: string;
  /** Any of these roles admits the user (spec §6: a single role admits that role only). */
  roles?: readonly string[];
  /** Not offered in the menu (routes with required parameters never are). */
  hideInMenu?: boolean;
  /** Entity of a generic list or form screen (schemas/<entity>/). */
  entity?: string;
  /** Opened without login (auth area). */
  public?: boolean;
  children?: readonly RouteNode[];
}

export interface MenuItem {
  name: string;
  titleKey: string;
  path: string;
  children?: MenuItem[];
}

export const titleKey = (node: RouteNode) => `routes.${node.name}`;

export function joinPath(base: string, segment: string): string {
  if (!segment) return base || '/';
  if (segment.startsWith('/')) return segment;
  return `${base.replace(/\/$/, '')}/${segment}`;
}

const hasRequiredParam = (path: string) => /:[A-Za-z]+(?!\?)(\/|$)/.test(path);

/** The node chain from the root to every route, with its full path. */
export function flattenRoutes(tree: readonly RouteNode[], base = '', chain: RouteNode[] = []) {
  const out: { path: string; node: RouteNode; chain: RouteNode[] }[] = [];
  for (const node of tree) {
    const path = joinPath(base, node.path);
    const nodes = [...chain, node];
    out.push({ path, node, chain: nodes });
    if (node.children) out.push(...flattenRoutes(node.children, path, nodes));
  }
  return out;
}

/** A user may open a route when every node on its chain admits one of their roles. */
export function canOpen(chain: readonly RouteNode[], roles: readonly string[] | undefined): boolean {
  return chain.every((n) => hasAny(roles, n.roles ?? []));
}

function menuOf(nodes: readonly RouteNode[], base: string, roles: readonly string[]): MenuItem[] {
  const items: MenuItem[] = [];
  for (const node of nodes) {
    if (node.hideInMenu || node.public || hasRequiredParam(node.path)) continue;
    if (!hasAny(roles, node.roles ?? [])) continue;
    const path = joinPath(base, node.path);
    const children = node.children ? menuOf(node.children, path, roles) : [];
    if (node.children && !node.screen) {
      if (children.length === 0) continue;
      // A group with a single visible child shows that child directly.
      if (children.length === 1) {
        items.push(children[0]);
        continue;
      }
      items.push({ name: node.name, titleKey: titleKey(node), path, children });
      continue;
    }
    items.push({ name: node.name, titleKey: titleKey(node), path });
  }
  return items;
}

/**
 * The menu for a user: the children of the layout routes (areas with children and no screen of their own
 * at the top level become the menu's first level).
 */
export function buildMenu(tree: readonly RouteNode[], roles: readonly string[]): MenuItem[] {
  const items: MenuItem[] = [];
  for (const area of tree) {
    if (area.public || !hasAny(roles, area.roles ?? [])) continue;
    const base = joinPath('', area.path);
    if (area.path === '/' || area.path === '') items.push(...menuOf(area.children ?? [], base, roles));
    else items.push(...menuOf([area], '', roles));
  }
  return items;
}

/** An entity whose manifest says where its screens live (columns.json `route`). */
export interface EntityRoute {
  entity: string;
  area: 'backOffice' | 'main';
  path: string;
  roles?: readonly string[];
}

/**
 * Adds the list and form routes of entities the tree does not declare itself, so a new folder in
 * schemas/ gets its screens with no code.
 */
export function withEntityRoutes(tree: readonly RouteNode[], entities: readonly EntityRoute[]): RouteNode[] {
  const declared = new Set(flattenRoutes(tree).flatMap((r) => (r.node.entity ? [r.node.entity] : [])));
  const extra = entities.filter((e) => !declared.has(e.entity));
  return tree.map((area) => {
    const areaKey = area.path === '/' ? 'main' : area.path.replace(/^\//, '');
    const mine = extra.filter((e) => e.area === areaKey);
    if (!mine.length) return area;
    const nodes = mine.flatMap((e): RouteNode[] => [
      { path: e.path, name: e.entity, screen: 'entityList', entity: e.entity, roles: e.roles },
      { path: `${e.path}/:id/:show?`, name: `${e.entity}Form`, screen: 'entityForm', entity: e.entity, roles: e.roles },
    ]);
    return { ...area, children: [...(area.children ?? []), ...nodes] };
  });
}
