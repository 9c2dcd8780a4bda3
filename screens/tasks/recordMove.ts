/** A next step of a record (registro/nextSteps) as the move call's choice, and as words. */
import type { NextStepView } from './taskCalls';

/** The answers, option and destination that pick exactly this step (engine/flow/next.ts matchingSteps). */
export function choiceOf(step: NextStepView): Record<string, unknown> {
  const respuesta = step.decisiones.flatMap((d) => ('respuesta' in d ? [d.respuesta] : []));
  const opcion = step.decisiones.find((d) => 'opcion' in d);
  return {
    ...(respuesta.length ? { respuesta } : {}),
    ...(opcion && 'opcion' in opcion ? { opcion: opcion.opcion } : {}),
    destino: 'fin' in step.destino ? 'fin' : step.destino.nodo,
  };
}

/** The texts of the decisions on the way (answers, options), joined. */
export const decisionsText = (step: NextStepView) =>
  step.decisiones.map((d) => ('texto' in d ? d.texto : 'opcion' in d ? d.opcion : '')).filter(Boolean).join(', ');
