/** The texts a step is shown and named by, in the canvas, the inspector and the problem list. */
import type { TFunction } from 'i18next';
import type { FlowNode } from '../../engine/flow/graph';
import { hasOwnText, STEP, stepTarget } from '../../engine/flow/steps';

export const kindName = (t: TFunction, tipo: FlowNode['tipo']) => t(`flowDesigner.kind.${tipo}`);

/** The start and the end say only their kind. */
export const isEnd = (node: FlowNode) => node.tipo === STEP.start || node.tipo === STEP.end;

/** What the step says: its activity or target flow (by name when known), its text, or its kind. */
export function stepName(t: TFunction, node: FlowNode, title: string | null): string {
  const target = stepTarget(node);
  if (target) return title ?? (target.id ? t(`flowDesigner.step.${target.kind}`, { id: target.id }) : t(`flowDesigner.step.no.${target.kind}`));
  if (hasOwnText(node.tipo)) return node.texto?.trim() ? node.texto : t('flowDesigner.step.noText');
  return kindName(t, node.tipo);
}

/** Does the step say something of its own yet (an activity, a flow, a text)? */
export function hasContent(node: FlowNode, title: string | null): boolean {
  const target = stepTarget(node);
  if (target) return Boolean(title ?? target.id);
  return isEnd(node) || Boolean(node.texto?.trim());
}

/** Labels already made, by step (a step's object changes when the step does): lists of 300 steps stay cheap. */
const made = new WeakMap<FlowNode, { t: TFunction; title: string | null; label: string }>();

/** "Pregunta: ¿Aprobado?" (the ends say their kind once). */
export function stepLabel(t: TFunction, node: FlowNode, title: string | null): string {
  const known = made.get(node);
  if (known && known.t === t && known.title === title) return known.label;
  const name = stepName(t, node, title);
  const label = isEnd(node) ? name : `${kindName(t, node.tipo)}: ${name}`;
  made.set(node, { t, title, label });
  return label;
}
