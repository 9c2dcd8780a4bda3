/**
 * The designer's edits of a flow graph (engine/flow/graph.ts), as pure functions: each takes a graph and
 * answers a new one (or the same object when nothing changes, so "did it change?" is `===`). Nodes and
 * connections that an edit does not touch keep their identity, so a view can redraw only what changed.
 *
 * The edits keep the graph's shape sensible (no connection into the start or out of an end, no loop on one
 * step, no repeated connection); everything else — a question with one answer, a missing activity — is left to
 * the validator, which tells the user.
 */
import type { FlowConnection, FlowGraph, FlowNode, NodeKind } from './graph';

export interface Point {
  x: number;
  y: number;
}

export interface NodePosition extends Point {
  clave: string;
}

/** What the user may change on a step (its key and kind stay). */
export type NodeChanges = Partial<Pick<FlowNode, 'actividad' | 'flujo' | 'texto'>>;

/** Vertical distance between a step and one added after it. */
export const STEP_GAP = 150;
/** Horizontal shift while looking for a free place. */
const SIDE_STEP = 240;

export const emptyGraph = (): FlowGraph => ({ nodos: [], conexiones: [] });

/** The id of a connection in a view: its ends, with `#n` when the same two steps are joined again. */
export function connectionIds(connections: readonly FlowConnection[]): string[] {
  const seen = new Map<string, number>();
  return connections.map((c) => {
    const base = `${c.desde}->${c.hacia}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return n ? `${base}#${n}` : base;
  });
}

/** The first key `n<k>` no step uses. */
export function freeKey(graph: FlowGraph): string {
  const taken = new Set(graph.nodos.map((n) => n.clave));
  for (let k = graph.nodos.length + 1; ; k++) if (!taken.has(`n${k}`)) return `n${k}`;
}

const round = (v: number) => Math.round(v);
const positioned = (n: FlowNode) => typeof n.x === 'number' && typeof n.y === 'number';

/** `at`, or the nearest place to its right where no step starts (steps are placed on a grid of SIDE_STEP). */
export function freePosition(graph: FlowGraph, at: Point): Point {
  const near = (p: Point) => graph.nodos.some((n) => positioned(n) && Math.abs(n.x! - p.x) < SIDE_STEP / 2 && Math.abs(n.y! - p.y) < STEP_GAP / 2);
  let p = { x: round(at.x), y: round(at.y) };
  for (let i = 0; i < 1000 && near(p); i++) p = { x: p.x + SIDE_STEP, y: p.y };
  return p;
}

/** Where a step added after `clave` goes: below it (beside its other followers). */
export function placeAfter(graph: FlowGraph, clave: string): Point | null {
  const from = graph.nodos.find((n) => n.clave === clave);
  if (!from || !positioned(from)) return null;
  return freePosition(graph, { x: from.x!, y: from.y! + STEP_GAP });
}

/** May a connection go from `desde` to `hacia`? */
export function canConnect(graph: FlowGraph, desde: string, hacia: string): boolean {
  if (desde === hacia) return false;
  const from = graph.nodos.find((n) => n.clave === desde);
  const to = graph.nodos.find((n) => n.clave === hacia);
  if (!from || !to || from.tipo === 'fin' || to.tipo === 'inicio') return false;
  return !graph.conexiones.some((c) => c.desde === desde && c.hacia === hacia);
}

/** Every step `desde` may be joined to, in the graph's order (canConnect for all at once, in one pass). */
export function connectableTargets(graph: FlowGraph, desde: string): FlowNode[] {
  const from = graph.nodos.find((n) => n.clave === desde);
  if (!from || from.tipo === 'fin') return [];
  const joined = new Set(graph.conexiones.filter((c) => c.desde === desde).map((c) => c.hacia));
  return graph.nodos.filter((n) => n.clave !== desde && n.tipo !== 'inicio' && !joined.has(n.clave));
}

/**
 * Joins two steps. Out of a specialization the connection is an option: the first one is the default,
 * later ones are not (the user picks another default later).
 */
export function connect(graph: FlowGraph, desde: string, hacia: string): FlowGraph {
  if (!canConnect(graph, desde, hacia)) return graph;
  const from = graph.nodos.find((n) => n.clave === desde)!;
  const link: FlowConnection =
    from.tipo === 'especializacion'
      ? { desde, hacia, texto: '', por_defecto: !graph.conexiones.some((c) => c.desde === desde) }
      : { desde, hacia };
  return { ...graph, conexiones: [...graph.conexiones, link] };
}

/** A new step of `tipo` at `at` (or below `after`), joined from `after` when given. */
export function addNode(graph: FlowGraph, tipo: NodeKind, at: Point, after?: string | null): { graph: FlowGraph; clave: string } {
  const clave = freeKey(graph);
  const place = (after && placeAfter(graph, after)) || freePosition(graph, at);
  const node: FlowNode = { clave, tipo, ...place };
  if (tipo === 'pregunta' || tipo === 'respuesta' || tipo === 'especializacion') node.texto = '';
  const added = { ...graph, nodos: [...graph.nodos, node] };
  return { graph: after ? connect(added, after, clave) : added, clave };
}

/** Removes steps (with their connections) and connections (by their view id). */
/**
 * The activity steps that removing these nodes and connections would leave without any way in, because an
 * answer leading to them goes (spec §5: an answer cannot be deleted when its destination activity would be
 * orphaned). Steps removed together with the answer are not orphans.
 */
export function orphanedByRemoving(graph: FlowGraph, nodes: readonly string[], connections: readonly string[] = []): string[] {
  const gone = new Set(nodes);
  const goneConnections = new Set(connections);
  const ids = connectionIds(graph.conexiones);
  const kept = graph.conexiones.filter((c, i) => !gone.has(c.desde) && !gone.has(c.hacia) && !goneConnections.has(ids[i]));
  const answersGone = graph.nodos.filter((n) => n.tipo === 'respuesta' && gone.has(n.clave)).map((n) => n.clave);
  const targets = new Set(graph.conexiones.filter((c) => answersGone.includes(c.desde)).map((c) => c.hacia));
  return graph.nodos
    .filter((n) => n.tipo === 'actividad' && targets.has(n.clave) && !gone.has(n.clave) && !kept.some((c) => c.hacia === n.clave))
    .map((n) => n.clave);
}

export function removeElements(graph: FlowGraph, nodes: readonly string[], connections: readonly string[] = []): FlowGraph {
  if (!nodes.length && !connections.length) return graph;
  const gone = new Set(nodes);
  const cut = new Set(connections);
  const ids = connectionIds(graph.conexiones);
  const nodos = graph.nodos.filter((n) => !gone.has(n.clave));
  const conexiones = graph.conexiones.filter((c, i) => !cut.has(ids[i]) && !gone.has(c.desde) && !gone.has(c.hacia));
  if (nodos.length === graph.nodos.length && conexiones.length === graph.conexiones.length) return graph;
  return { nodos, conexiones };
}

export function updateNode(graph: FlowGraph, clave: string, changes: NodeChanges): FlowGraph {
  let changed = false;
  const nodos = graph.nodos.map((n) => {
    if (n.clave !== clave) return n;
    const next = { ...n, ...changes };
    if ((Object.keys(changes) as (keyof NodeChanges)[]).every((k) => (n[k] ?? null) === (next[k] ?? null))) return n;
    changed = true;
    return next;
  });
  return changed ? { ...graph, nodos } : graph;
}

/** Changes the text of an option (a connection out of a specialization). */
export function updateConnection(graph: FlowGraph, id: string, changes: Pick<FlowConnection, 'texto'>): FlowGraph {
  const i = connectionIds(graph.conexiones).indexOf(id);
  const c = graph.conexiones[i];
  if (!c || (c.texto ?? '') === (changes.texto ?? '')) return graph;
  const conexiones = [...graph.conexiones];
  conexiones[i] = { ...c, ...changes };
  return { ...graph, conexiones };
}

/** Makes an option the default of its specialization, and the others not. */
export function setDefaultOption(graph: FlowGraph, id: string): FlowGraph {
  const ids = connectionIds(graph.conexiones);
  const chosen = graph.conexiones[ids.indexOf(id)];
  if (!chosen) return graph;
  let changed = false;
  const conexiones = graph.conexiones.map((c, i) => {
    if (c.desde !== chosen.desde) return c;
    const por_defecto = ids[i] === id;
    if ((c.por_defecto === true) === por_defecto) return c;
    changed = true;
    return { ...c, por_defecto };
  });
  return changed ? { ...graph, conexiones } : graph;
}

/** New positions of some steps (rounded to whole pixels); unchanged places change nothing. */
export function moveNodes(graph: FlowGraph, positions: readonly NodePosition[]): FlowGraph {
  const to = new Map(positions.map((p) => [p.clave, { x: round(p.x), y: round(p.y) }]));
  let changed = false;
  const nodos = graph.nodos.map((n) => {
    const p = to.get(n.clave);
    if (!p || (n.x === p.x && n.y === p.y)) return n;
    changed = true;
    return { ...n, ...p };
  });
  return changed ? { ...graph, nodos } : graph;
}

const nodeShape = (n: FlowNode) => [n.clave, n.tipo, n.actividad ?? null, n.flujo ?? null, n.texto ?? '', n.x ?? null, n.y ?? null];
const connectionShape = (c: FlowConnection) => [c.desde, c.hacia, c.texto ?? '', c.por_defecto === true];

/** Do two graphs say the same, positions included (row ids and blank-versus-missing texts aside)? */
export function equalGraphs(a: FlowGraph, b: FlowGraph): boolean {
  if (a === b) return true;
  if (a.nodos.length !== b.nodos.length || a.conexiones.length !== b.conexiones.length) return false;
  return (
    JSON.stringify([a.nodos.map(nodeShape), a.conexiones.map(connectionShape)]) ===
    JSON.stringify([b.nodos.map(nodeShape), b.conexiones.map(connectionShape)])
  );
}

const meaning = (g: FlowGraph) =>
  JSON.stringify([
    g.nodos.map((n) => [n.clave, n.tipo, n.actividad ?? null, n.flujo ?? null, n.texto ?? null]),
    g.conexiones.map((c) => [c.desde, c.hacia, c.texto ?? null, c.por_defecto === true]),
  ]);

/** Do two graphs mean the same (row ids and positions aside)? A write keeps a verified flow verified only then (the server's rule). */
export const sameMeaning = (a: FlowGraph, b: FlowGraph) => meaning(a) === meaning(b);

/**
 * `graph` with the row ids of `stored` (what the server answered to a save): a step keeps the id of the stored
 * step of its key, a connection that of the stored connection joining the same steps. Sent back with a later
 * save, the ids keep the rows (and their history) instead of replacing them.
 */
export function adoptIds(graph: FlowGraph, stored: FlowGraph): FlowGraph {
  const idOf = (row: object) => (row as { id?: unknown }).id;
  const nodeIds = new Map(stored.nodos.map((n) => [n.clave, idOf(n)]));
  const storedIds = connectionIds(stored.conexiones);
  const connIds = new Map(stored.conexiones.map((c, i) => [storedIds[i], idOf(c)]));
  const ids = connectionIds(graph.conexiones);
  const withId = <T extends object>(row: T, id: unknown): T => (id === undefined || idOf(row) === id ? row : { ...row, id });
  const nodos = graph.nodos.map((n) => withId(n, nodeIds.get(n.clave)));
  const conexiones = graph.conexiones.map((c, i) => withId(c, connIds.get(ids[i])));
  const same = <T>(a: readonly T[], b: readonly T[]) => a.every((x, i) => x === b[i]);
  return same(nodos, graph.nodos) && same(conexiones, graph.conexiones) ? graph : { ...graph, nodos, conexiones };
}
