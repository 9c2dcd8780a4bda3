/**
 * A flow graph as the designer's canvas draws it (the node and edge shapes of React Flow, written out here
 * so engine/ stays free of UI libraries) and back. The view is synced, not rebuilt: a step whose node, problems
 * and title did not change keeps its view object, so a canvas of 300 steps redraws only what an edit touched.
 * What only the canvas knows (measured size, selection) carries over from the previous view.
 */
import { connectionIds } from './edit';
import type { NodePosition } from './edit';
import type { FlowCode, FlowConnection, FlowGraph, FlowNode, GraphProblem } from './graph';

export type StepData = {
  node: FlowNode;
  /** Codes of the problems that name this step. */
  problems: readonly FlowCode[];
  /** Name of the activity or target flow the step names, when known. */
  title: string | null;
};

export interface ViewNode {
  id: string;
  type: 'step';
  position: { x: number; y: number };
  data: StepData;
  /** What a screen reader says of the step. */
  ariaLabel?: string;
  selected?: boolean;
  measured?: { width?: number; height?: number };
  dragging?: boolean;
}

export type OptionData = { conexion: FlowConnection; label: string | null };

export interface ViewEdge {
  id: string;
  source: string;
  target: string;
  type?: 'option';
  data: OptionData;
  ariaLabel?: string;
  selected?: boolean;
}

/** The texts of a connection: the label drawn on it (an option's text) and what a screen reader says. */
export interface EdgeTexts {
  label: string | null;
  ariaLabel: string;
}

/** Problem codes by the step they name (in the validator's order, each code once per step). */
export function problemsByNode(problems: readonly GraphProblem[]): Map<string, FlowCode[]> {
  const out = new Map<string, FlowCode[]>();
  for (const p of problems)
    for (const k of p.nodes) {
      const codes = out.get(k) ?? [];
      if (!codes.includes(p.code)) codes.push(p.code);
      out.set(k, codes);
    }
  return out;
}

const NO_CODES: readonly FlowCode[] = [];
/**
 * The describe function each step's data was made with (data made with another one is made again). Keyed by the
 * data object, which the canvas's own copies of a view (measured, selected) share.
 */
const described = new WeakMap<object, unknown>();
const keyOfStep = (d: StepData) => d.node.clave;
const sameCodes = (a: readonly FlowCode[], b: readonly FlowCode[]) => a.length === b.length && a.every((c, i) => c === b[i]);

/** The canvas's steps for `graph`, reusing the objects of `previous` that did not change. */
export function syncNodes(
  previous: readonly ViewNode[],
  graph: FlowGraph,
  problems: ReadonlyMap<string, readonly FlowCode[]>,
  titleOf: (node: FlowNode) => string | null,
  /** The step's accessible name; a new function (another language) draws every step again. */
  describe: (data: StepData) => string = keyOfStep,
): ViewNode[] {
  const before = new Map(previous.map((v) => [v.id, v]));
  const seen = new Set<string>();
  const out: ViewNode[] = [];
  for (const node of graph.nodos) {
    // a repeated key (FLGR0009) cannot be drawn twice: the list names it
    if (seen.has(node.clave)) continue;
    seen.add(node.clave);
    const codes = problems.get(node.clave) ?? NO_CODES;
    const title = titleOf(node);
    const prev = before.get(node.clave);
    if (prev && prev.data.node === node && prev.data.title === title && sameCodes(prev.data.problems, codes) && described.get(prev.data) === describe) {
      out.push(prev);
      continue;
    }
    const data: StepData = { node, problems: codes === NO_CODES ? NO_CODES : [...codes], title };
    const view: ViewNode = {
      id: node.clave,
      type: 'step',
      position: { x: node.x ?? 0, y: node.y ?? 0 },
      data,
      ariaLabel: describe(data),
      ...(prev?.selected ? { selected: true } : {}),
      ...(prev?.measured ? { measured: prev.measured } : {}),
    };
    described.set(data, describe);
    out.push(view);
  }
  return sameItems(out, previous) ? (previous as ViewNode[]) : out;
}

/** The previous array when every item is the same object: the canvas sees no change at all. */
const sameItems = <T>(next: readonly T[], previous: readonly T[]) => next.length === previous.length && next.every((v, i) => v === previous[i]);

/** The canvas's connections for `graph`; a connection to a missing step is left out (FLGR0008 names it). */
export function syncEdges(
  previous: readonly ViewEdge[],
  graph: FlowGraph,
  textsOf: (c: FlowConnection, from: FlowNode, to: FlowNode) => EdgeTexts,
): ViewEdge[] {
  const before = new Map(previous.map((v) => [v.id, v]));
  const byKey = new Map(graph.nodos.map((n) => [n.clave, n]));
  const ids = connectionIds(graph.conexiones);
  const out: ViewEdge[] = [];
  graph.conexiones.forEach((conexion, i) => {
    const from = byKey.get(conexion.desde);
    const to = byKey.get(conexion.hacia);
    if (!from || !to) return;
    const id = ids[i];
    const { label, ariaLabel } = textsOf(conexion, from, to);
    const prev = before.get(id);
    if (prev && prev.data.conexion === conexion && prev.data.label === label && prev.ariaLabel === ariaLabel) return out.push(prev);
    out.push({ id, source: conexion.desde, target: conexion.hacia, type: 'option', data: { conexion, label }, ariaLabel, ...(prev?.selected ? { selected: true } : {}) });
  });
  return sameItems(out, previous) ? (previous as ViewEdge[]) : out;
}

/** Marks exactly `ids` selected; objects whose selection does not change are kept. */
export function selectOnly<V extends { id: string; selected?: boolean }>(views: readonly V[], ids: ReadonlySet<string>): V[] {
  return views.map((v) => ((v.selected === true) === ids.has(v.id) ? v : { ...v, selected: ids.has(v.id) }));
}

/** A change the canvas reports (React Flow's NodeChange, the part read here). */
export interface CanvasChange {
  type: string;
  id?: string;
  position?: { x: number; y: number };
  dragging?: boolean;
}

/**
 * The moves to keep: where a step was let go after a drag, or moved to with the arrow keys. Positions while
 * dragging stay on the canvas only (no history step, no validation per frame).
 */
export function settledMoves(changes: readonly CanvasChange[]): NodePosition[] {
  return changes.flatMap((c) => (c.type === 'position' && c.id && c.position && c.dragging === false ? [{ clave: c.id, ...c.position }] : []));
}

/** The graph problems of an API error's `errors` (FLOW_INVALID answers `{ field, code, nodes }` each). */
export function problemsFromErrors(errors: readonly unknown[]): GraphProblem[] {
  return errors.flatMap((e) => {
    const o = (typeof e === 'object' && e !== null ? e : {}) as { code?: unknown; nodes?: unknown };
    if (typeof o.code !== 'string' || !/^FLGR\d{4}$/.test(o.code)) return [];
    const nodes = Array.isArray(o.nodes) ? o.nodes.filter((n): n is string => typeof n === 'string') : [];
    return [{ code: o.code as FlowCode, nodes }];
  });
}

/** Both lists, each problem once. */
export function mergeProblems(a: readonly GraphProblem[], b: readonly GraphProblem[]): GraphProblem[] {
  const key = (p: GraphProblem) => `${p.code}:${p.nodes.join(',')}`;
  const seen = new Set(a.map(key));
  return [...a, ...b.filter((p) => !seen.has(key(p)))];
}
