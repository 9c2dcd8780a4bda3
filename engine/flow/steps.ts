/**
 * The step kinds by what they are for, and the record a step names, so code that draws or edits steps reads
 * the graph through these instead of spelling out field names (engine/flow/graph.ts holds the vocabulary).
 */
import type { NodeChanges } from './edit';
import type { FlowNode, NodeKind } from './graph';

export const STEP = {
  start: 'inicio',
  end: 'fin',
  activity: 'actividad',
  question: 'pregunta',
  answer: 'respuesta',
  specialization: 'especializacion',
  subflow: 'subflujo',
} as const satisfies Record<string, NodeKind>;

/** Steps that say something of their own: a question, an answer, a specialization. */
export const hasOwnText = (tipo: NodeKind) => tipo === STEP.question || tipo === STEP.answer || tipo === STEP.specialization;

/** What a step names: an activity (activity steps) or a flow (sub-flow steps); null for the other kinds. */
export type StepTarget = { kind: 'activity' | 'flow'; id: number | null };

export function stepTarget(node: FlowNode): StepTarget | null {
  if (node.tipo === STEP.activity) return { kind: 'activity', id: node.actividad ?? null };
  if (node.tipo === STEP.subflow) return { kind: 'flow', id: node.flujo ?? null };
  return null;
}

/** The change that makes `node` name the record `id` (or nothing). */
export function targetChange(node: FlowNode, id: number | null): NodeChanges {
  return node.tipo === STEP.subflow ? { flujo: id } : { actividad: id };
}
