/**
 * Which calls only read. Every call of spec §7 is a POST, so the method cannot say it: the call's verb does.
 * A read may be sent again after a transient failure (engine/api/client.ts); a write never is, since the first
 * attempt may have been stored (its answer lost on the way back).
 */
const READ_VERBS = new Set(['index', 'select', 'show', 'history', 'treeSelect', 'export']);

/** `<list>/index`, `<list>/show/7`, `<list>/treeSelect`: the second segment of the path is the verb. */
export function isReadCall(path: string): boolean {
  const verb = path.replace(/^\/+/, '').split(/[/?]/)[1];
  return verb !== undefined && READ_VERBS.has(verb);
}
