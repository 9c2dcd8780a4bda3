/**
 * Where a record may go next (spec §3 Flow, issue 11 "Moving a record along the flow"): from the activity step
 * it sits in, along the graph's connections, through questions (by the chosen answer), specializations (by the
 * chosen option, or the default), into sub-flows (their start) and back out of them (their end returns to the
 * step after the sub-flow), until the next activity step or the flow's end. Pure: the server runs it to move a
 * record, and answers `nextSteps` with it, so the browser offers exactly the moves the server takes.
 */
import type { FlowGraph, FlowNode } from './graph';

/** Where a record is: a step (its key) of a flow, and the sub-flow steps it will come back to. */
export interface FlowPosition {
  flujo: number;
  nodo: string;
  /** Innermost last: the sub-flow steps of the outer flows. */
  pila?: { flujo: number; nodo: string }[];
}

/** A decision on the way: an answer of a question (with the question's own text, to ask it), or an option of a specialization. */
export type Decision =
  | { pregunta: string; pregunta_texto: string; respuesta: string; texto: string }
  | { especializacion: string; opcion: string; por_defecto: boolean };

export interface NextStep {
  decisiones: Decision[];
  /** The next activity step, or the end of the record's outermost flow. */
  destino: { flujo: number; nodo: string; actividad: number } | { fin: true };
  /** The position after the move (absent at the end). */
  posicion?: FlowPosition;
}

export interface MoveChoice {
  /** The answer(s) chosen, by the answer step's key. */
  respuesta?: string | string[];
  /** The specialization option chosen, by its text; without one, the default option is taken. */
  opcion?: string;
  /** The destination step's key, when two ways lead to different steps with the same decisions. */
  destino?: string;
}

type Graphs = (flujo: number) => FlowGraph | undefined;

const MAX_DEPTH = 64;

interface Walk {
  flujo: number;
  nodo: string;
  pila: { flujo: number; nodo: string }[];
  decisiones: Decision[];
  seen: Set<string>;
}

function node(graphs: Graphs, flujo: number, clave: string): FlowNode | undefined {
  return graphs(flujo)?.nodos.find((n) => n.clave === clave);
}

/** The walks one step on from `w` along the outgoing connections of its node. */
function onward(graphs: Graphs, w: Walk): Walk[] {
  const graph = graphs(w.flujo);
  if (!graph) return [];
  const from = node(graphs, w.flujo, w.nodo);
  return graph.conexiones
    .filter((c) => c.desde === w.nodo)
    .map((c) => {
      const decisiones = [...w.decisiones];
      if (from?.tipo === 'especializacion') decisiones.push({ especializacion: from.clave, opcion: c.texto ?? '', por_defecto: c.por_defecto === true });
      return { ...w, nodo: c.hacia, decisiones };
    });
}

function explore(graphs: Graphs, w: Walk, out: NextStep[], depth: number) {
  if (depth > MAX_DEPTH) return;
  const key = `${w.pila.map((p) => `${p.flujo}:${p.nodo}`).join('/')}|${w.flujo}:${w.nodo}`;
  if (w.seen.has(key)) return;
  const seen = new Set(w.seen).add(key);
  const here = node(graphs, w.flujo, w.nodo);
  if (!here) return;
  const next = (x: Walk) => explore(graphs, { ...x, seen }, out, depth + 1);
  switch (here.tipo) {
    case 'actividad':
      if (typeof here.actividad === 'number')
        out.push({
          decisiones: w.decisiones,
          destino: { flujo: w.flujo, nodo: here.clave, actividad: here.actividad },
          posicion: { flujo: w.flujo, nodo: here.clave, ...(w.pila.length ? { pila: w.pila } : {}) },
        });
      return;
    case 'respuesta': {
      const decisiones = [...w.decisiones];
      const question = graphs(w.flujo)?.conexiones.find((c) => c.hacia === here.clave)?.desde;
      const asked = question === undefined ? undefined : node(graphs, w.flujo, question)?.texto;
      decisiones.push({ pregunta: question ?? '', pregunta_texto: asked ?? '', respuesta: here.clave, texto: here.texto ?? '' });
      for (const x of onward(graphs, { ...w, decisiones })) next(x);
      return;
    }
    case 'subflujo': {
      const target = typeof here.flujo === 'number' ? graphs(here.flujo) : undefined;
      const start = target?.nodos.find((n) => n.tipo === 'inicio');
      if (!target || !start) return;
      next({ ...w, flujo: here.flujo as number, nodo: start.clave, pila: [...w.pila, { flujo: w.flujo, nodo: here.clave }] });
      return;
    }
    case 'fin': {
      if (!w.pila.length) {
        out.push({ decisiones: w.decisiones, destino: { fin: true } });
        return;
      }
      const back = w.pila[w.pila.length - 1];
      for (const x of onward(graphs, { ...w, flujo: back.flujo, nodo: back.nodo, pila: w.pila.slice(0, -1) })) next(x);
      return;
    }
    default:
      // inicio, pregunta, especializacion: go on along every connection
      for (const x of onward(graphs, w)) next(x);
  }
}

/** Every way on from a position (its own step is left, so an activity step leads to the following ones). */
export function nextSteps(graphs: Graphs, from: FlowPosition): NextStep[] {
  const out: NextStep[] = [];
  const start: Walk = { flujo: from.flujo, nodo: from.nodo, pila: from.pila ?? [], decisiones: [], seen: new Set() };
  for (const w of onward(graphs, start)) explore(graphs, w, out, 0);
  return out;
}

/** The steps that fit the choice; a move takes a step only when exactly one fits. */
export function matchingSteps(steps: readonly NextStep[], choice: MoveChoice): NextStep[] {
  const answers = choice.respuesta === undefined ? [] : Array.isArray(choice.respuesta) ? choice.respuesta : [choice.respuesta];
  return steps.filter((s) => {
    for (const d of s.decisiones) {
      if ('respuesta' in d && !answers.includes(d.respuesta)) return false;
      if ('opcion' in d && (choice.opcion === undefined ? !d.por_defecto : d.opcion !== choice.opcion)) return false;
    }
    const reached = 'fin' in s.destino ? 'fin' : s.destino.nodo;
    return choice.destino === undefined || choice.destino === reached;
  });
}

/** The one step a choice takes, or null when none or more than one fits. */
export function chooseStep(steps: readonly NextStep[], choice: MoveChoice): NextStep | null {
  const fit = matchingSteps(steps, choice);
  return fit.length === 1 ? fit[0] : null;
}

/** The activity steps of a flow (where a record may be created), in graph order. */
export function activitySteps(graph: FlowGraph | undefined, actividad: number): string[] {
  return (graph?.nodos ?? []).filter((n) => n.tipo === 'actividad' && n.actividad === actividad).map((n) => n.clave);
}
