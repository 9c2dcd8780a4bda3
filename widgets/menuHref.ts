/** Display helpers for menu entries (no rule about who sees what: that is engine/routeTree.ts). */

/** The path a menu entry opens: optional parameters (`/:id?`) are dropped. */
export function menuHref(path: string): string {
  const stripped = path.replace(/\/:[A-Za-z0-9_]+\?/g, '');
  return stripped || '/';
}

/** Whether the page at `currentPath` belongs to the menu entry opening `href`. */
export function isCurrent(href: string, currentPath: string): boolean {
  if (href === '/') return currentPath === '/';
  return currentPath === href || currentPath.startsWith(`${href}/`);
}
