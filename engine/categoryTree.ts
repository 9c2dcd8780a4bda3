/**
 * Category tree as select options: `categoria/treeSelect` answers a tree; a select shows each category
 * with its path ("Ferretería › Tornillos") so a choice from the tree is one list to search and page.
 */
import type { ListQuery, SelectOption } from './list/query';

export interface CategoryNode {
  id: number;
  nombre: string;
  children?: CategoryNode[];
}

export const PATH_SEPARATOR = ' › ';

/** Depth-first, parents before children, each with its full path as the option text. */
export function treeOptions(nodes: readonly CategoryNode[], prefix = ''): SelectOption[] {
  return nodes.flatMap((n) => {
    const path = prefix ? `${prefix}${PATH_SEPARATOR}${n.nombre}` : n.nombre;
    return [{ id: n.id, name: path, nombre: path }, ...treeOptions(n.children ?? [], path)];
  });
}

/** One page of the options for a select query: pattern (case-insensitive contains on the path), filters.id, offset, max. */
export function pageTreeOptions(options: readonly SelectOption[], q: ListQuery): { total: number; rows: SelectOption[] } {
  const pattern = q.pattern?.trim().toLowerCase() ?? '';
  const id = q.filters?.id;
  const matching = options.filter(
    (o) => (id === undefined || String(o.id) === String(id)) && (!pattern || o.name.toLowerCase().includes(pattern)),
  );
  const offset = q.offset ?? 0;
  return { total: matching.length, rows: matching.slice(offset, offset + (q.max ?? matching.length)) };
}
