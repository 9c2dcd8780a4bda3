/** Categories as a tree by parentid (`categoria/treeSelect`). Pure: rows in, nodes out. */

export interface TreeRow {
  id: number;
  parentid: number | null;
  nombre: string | null;
}

export interface TreeNode {
  id: number;
  nombre: string;
  children: TreeNode[];
}

/**
 * Rows (already in display order) -> roots. A row whose parent is not among the rows is a root. With a
 * text, only rows whose nombre contains it (case-insensitive) are kept, with their ancestors so the tree
 * stays connected. Rows in a parent cycle (no way up to a root) are left out.
 */
export function buildTree(rows: readonly TreeRow[], text?: string): TreeNode[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  let keep: Set<number> | null = null;
  const needle = text?.trim().toLocaleLowerCase();
  if (needle) {
    keep = new Set();
    for (const r of rows) {
      if (!(r.nombre ?? '').toLocaleLowerCase().includes(needle)) continue;
      // walk up, marking ancestors; a cycle stops at an already-kept row
      for (let at: TreeRow | undefined = r; at && !keep.has(at.id); at = at.parentid == null ? undefined : byId.get(at.parentid))
        keep.add(at.id);
    }
  }
  const nodes = new Map<number, TreeNode>();
  for (const r of rows) if (!keep || keep.has(r.id)) nodes.set(r.id, { id: r.id, nombre: r.nombre ?? '', children: [] });
  const roots: TreeNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id);
    if (!node) continue;
    const parent = r.parentid == null ? undefined : nodes.get(r.parentid);
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  return roots;
}
