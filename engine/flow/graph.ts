/**
 * A flow's graph (a macroprocess, spec §3 Flow) and its one validator, run by the designer on every edit and
 * by the server before a flow is verified or used. Pure: it never throws, whatever it is given, and answers
 * every problem at once, each with the nodes it is about (docs/flow-codes.md lists the codes and texts).
 *
 * Node kinds: `inicio` (one), `fin` (at least one), `actividad` (names an activity), `pregunta` (its outgoing
 * connections lead to `respuesta` nodes, at least two), `respuesta` (exactly one outgoing connection),
 * `especializacion` (outgoing connections are options with a text, exactly one of them the default),
 * `subflujo` (names another flow: a record runs through it and comes back).
 */
import { isRowId } from '../integers';

export const NODE_KINDS = ['inicio', 'fin', 'actividad', 'pregunta', 'respuesta', 'especializacion', 'subflujo'] as const;
export type NodeKind = (typeof NODE_KINDS)[number];

export interface FlowNode {
  clave: string;
  tipo: NodeKind;
  /** `actividad`: the activity's id. */
  actividad?: number | null;
  /** `subflujo`: the target flow's id. */
  flujo?: number | null;
  /** `pregunta`, `respuesta`, `especializacion`: the text shown. */
  texto?: string | null;
  x?: number | null;
  y?: number | null;
}

export interface FlowConnection {
  desde: string;
  hacia: string;
  /** An option's text (out of an `especializacion`). */
  texto?: string | null;
  /** The default option of an `especializacion`. */
  por_defecto?: boolean | null;
}

export interface FlowGraph {
  nodos: FlowNode[];
  conexiones: FlowConnection[];
}

export const FLOW_CODES = [
  'FLGR0000', 'FLGR0001', 'FLGR0002', 'FLGR0003', 'FLGR0004', 'FLGR0005', 'FLGR0006', 'FLGR0007', 'FLGR0008', 'FLGR0009',
  'FLGR1001', 'FLGR1002', 'FLGR1003', 'FLGR1004', 'FLGR1005', 'FLGR1006',
  'FLGR2001', 'FLGR2002', 'FLGR2003',
] as const;
export type FlowCode = (typeof FLOW_CODES)[number];
/** Answered when an unverified flow is used (not a problem of the graph itself). */
export const FLOW_NOT_VERIFIED = 'FLGR2033';

export interface GraphProblem {
  code: FlowCode;
  /** The nodes (their `clave`) the problem is about; for FLGR0008 the connection's two ends as written. */
  nodes: string[];
}

/** What the validator may ask about the world outside the graph. */
export interface GraphContext {
  /** Absent: any id is taken to exist. */
  activityExists?: (id: number) => boolean;
  flowExists?: (id: number) => boolean;
  /** The flow being validated: a sub-flow step may not name it. */
  flowId?: number | null;
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const hasText = (t: unknown) => typeof t === 'string' && t.trim() !== '';

/** The graph's usable parts: nodes with a text key and a known kind, connections with text ends. */
function readGraph(graph: unknown): { nodes: FlowNode[]; connections: FlowConnection[] } {
  const g = isObject(graph) ? graph : {};
  const nodes = (Array.isArray(g.nodos) ? g.nodos : []).filter(
    (n): n is FlowNode => isObject(n) && typeof n.clave === 'string' && (NODE_KINDS as readonly unknown[]).includes(n.tipo),
  );
  const connections = (Array.isArray(g.conexiones) ? g.conexiones : []).filter(
    (c): c is FlowConnection => isObject(c) && typeof c.desde === 'string' && typeof c.hacia === 'string',
  );
  return { nodes, connections };
}

/** Keys reachable from `starts` following `next`. */
function reach(starts: readonly string[], next: ReadonlyMap<string, readonly string[]>): Set<string> {
  const seen = new Set<string>(starts);
  const stack = [...starts];
  while (stack.length) {
    const at = stack.pop()!;
    for (const n of next.get(at) ?? []) if (!seen.has(n)) (seen.add(n), stack.push(n));
  }
  return seen;
}

export function validateFlowGraph(graph: unknown, ctx: GraphContext = {}): GraphProblem[] {
  const { nodes, connections } = readGraph(graph);
  if (!nodes.length) return [{ code: 'FLGR0000', nodes: [] }];
  const problems: GraphProblem[] = [];
  const add = (code: FlowCode, keys: string[]) => problems.push({ code, nodes: keys });

  const byKey = new Map<string, FlowNode>();
  const duplicated = new Set<string>();
  for (const n of nodes) (byKey.has(n.clave) ? duplicated.add(n.clave) : byKey.set(n.clave, n));
  if (duplicated.size) add('FLGR0009', [...duplicated]);

  const valid = connections.filter((c) => byKey.has(c.desde) && byKey.has(c.hacia));
  for (const c of connections) if (!byKey.has(c.desde) || !byKey.has(c.hacia)) add('FLGR0008', [c.desde, c.hacia]);
  const out = new Map<string, FlowConnection[]>();
  const into = new Map<string, FlowConnection[]>();
  for (const c of valid) {
    out.set(c.desde, [...(out.get(c.desde) ?? []), c]);
    into.set(c.hacia, [...(into.get(c.hacia) ?? []), c]);
  }
  const unique = [...byKey.values()];
  const kind = (k: NodeKind) => unique.filter((n) => n.tipo === k);
  const starts = kind('inicio');
  const ends = kind('fin');
  if (!starts.length) add('FLGR0001', []);
  if (starts.length > 1) add('FLGR0002', starts.map((n) => n.clave));
  if (!ends.length) add('FLGR0003', []);

  const forward = new Map([...out].map(([k, cs]) => [k, cs.map((c) => c.hacia)]));
  const backward = new Map([...into].map(([k, cs]) => [k, cs.map((c) => c.desde)]));
  const fromStart = reach(starts.map((n) => n.clave), forward);
  const toEnd = reach(ends.map((n) => n.clave), backward);
  for (const n of unique) {
    if (starts.length && !fromStart.has(n.clave)) add('FLGR0004', [n.clave]);
    if (ends.length && n.tipo !== 'fin' && !toEnd.has(n.clave)) add('FLGR0005', [n.clave]);
    if (n.tipo !== 'inicio' && !into.get(n.clave)?.length) add('FLGR0006', [n.clave]);
    if (n.tipo !== 'fin' && !out.get(n.clave)?.length) add('FLGR0007', [n.clave]);
  }

  for (const n of unique) {
    const next = out.get(n.clave) ?? [];
    switch (n.tipo) {
      case 'pregunta': {
        if (!hasText(n.texto)) add('FLGR1001', [n.clave]);
        const answers = next.filter((c) => byKey.get(c.hacia)?.tipo === 'respuesta');
        if (answers.length < 2 || answers.length !== next.length) add('FLGR1003', [n.clave]);
        break;
      }
      case 'respuesta': {
        if (!hasText(n.texto)) add('FLGR1002', [n.clave]);
        const from = into.get(n.clave) ?? [];
        if (from.length && from.some((c) => byKey.get(c.desde)?.tipo !== 'pregunta')) add('FLGR1003', [n.clave]);
        if (next.length > 1) add('FLGR1006', [n.clave]);
        break;
      }
      // an id past the integer range names no row: the step is refused, never looked up (it would fail in SQL)
      case 'actividad':
        if (!isRowId(n.actividad) || (ctx.activityExists && !ctx.activityExists(n.actividad))) add('FLGR1004', [n.clave]);
        break;
      case 'subflujo':
        if (!isRowId(n.flujo) || n.flujo === ctx.flowId || (ctx.flowExists && !ctx.flowExists(n.flujo))) add('FLGR1005', [n.clave]);
        break;
      case 'especializacion': {
        if (next.length < 2) add('FLGR2001', [n.clave]);
        const defaults = next.filter((c) => c.por_defecto === true).length;
        if (defaults > 1) add('FLGR2002', [n.clave]);
        if (defaults === 0 && next.length) add('FLGR2003', [n.clave]);
        break;
      }
      default:
    }
  }
  return problems;
}

/** The ids of the activities and flows a graph names, for the checks the validator asks its context for. */
export function namedIds(graph: unknown): { actividades: number[]; flujos: number[] } {
  const { nodes } = readGraph(graph);
  return {
    actividades: [...new Set(nodes.filter((n) => n.tipo === 'actividad' && isRowId(n.actividad)).map((n) => n.actividad as number))],
    flujos: [...new Set(nodes.filter((n) => n.tipo === 'subflujo' && isRowId(n.flujo)).map((n) => n.flujo as number))],
  };
}
