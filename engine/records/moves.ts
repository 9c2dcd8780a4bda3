/**
 * What the record form offers as moves (spec §7 registro/nextSteps, registro/move): each way on as
 * `registro/nextSteps/{id}` answers it, and the body of `registro/move/{id}` that takes exactly that way.
 * Pure, beside engine/flow/next.ts (the function both sides run).
 */
import type { Decision, MoveChoice } from '../flow/next';

/** A way on, as `nextSteps` answers it (with the destination's names). */
export interface OfferedStep {
  decisiones: Decision[];
  destino: { fin: true } | { flujo: number; nodo: string; actividad: number; titulo: string; flujoNombre: string; preasignar?: 'no' | 'preasignar' | 'usuario_autenticado' };
}

/** The choice that takes `step`: its answers, its non-default option, and its destination step. */
export function moveChoice(step: OfferedStep): MoveChoice {
  const respuesta = step.decisiones.flatMap((d) => ('respuesta' in d ? [d.respuesta] : []));
  const opcion = step.decisiones.find((d): d is Extract<Decision, { opcion: string }> => 'opcion' in d && !d.por_defecto)?.opcion;
  return {
    ...(respuesta.length ? { respuesta: respuesta.length === 1 ? respuesta[0] : respuesta } : {}),
    ...(opcion !== undefined ? { opcion } : {}),
    destino: 'fin' in step.destino ? 'fin' : step.destino.nodo,
  };
}

/** The decisions of a way as short texts: an answer's text, an option's text (the default one marked). */
export function decisionTexts(step: OfferedStep): { text: string; byDefault: boolean }[] {
  return step.decisiones.map((d) => ('respuesta' in d ? { text: d.texto, byDefault: false } : { text: d.opcion, byDefault: d.por_defecto }));
}

/**
 * The question every way begins with (a record standing before "¿Se aprueba el pedido?"): the dialog asks it, its
 * answers below. Null when the ways do not all begin with the same question, or it has no text.
 */
export function questionOf(steps: readonly OfferedStep[]): string | null {
  const first = steps.map((s) => s.decisiones[0]);
  const asked = first[0] && 'pregunta' in first[0] ? first[0] : null;
  if (!asked?.pregunta_texto || !first.every((d) => d && 'pregunta' in d && d.pregunta === asked.pregunta)) return null;
  return asked.pregunta_texto;
}
