import { describe, expect, it } from 'vitest';
import type { FlowGraph } from './graph';
import { activitySteps, chooseStep, nextSteps } from './next';

/** Sales: order -> approval? yes: client type? (default retail -> delivery; wholesale -> credit check -> delivery); no: cancel -> end. */
const ventas: FlowGraph = {
  nodos: [
    { clave: 'i', tipo: 'inicio' },
    { clave: 'pedido', tipo: 'actividad', actividad: 1 },
    { clave: 'q', tipo: 'pregunta', texto: '¿Aprobado?' },
    { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
    { clave: 'no', tipo: 'respuesta', texto: 'No' },
    { clave: 'tipo', tipo: 'especializacion', texto: 'Tipo de cliente' },
    { clave: 'credito', tipo: 'subflujo', flujo: 2 },
    { clave: 'entrega', tipo: 'actividad', actividad: 3 },
    { clave: 'anulado', tipo: 'actividad', actividad: 4 },
    { clave: 'f', tipo: 'fin' },
  ],
  conexiones: [
    { desde: 'i', hacia: 'pedido' },
    { desde: 'pedido', hacia: 'q' },
    { desde: 'q', hacia: 'si' },
    { desde: 'q', hacia: 'no' },
    { desde: 'si', hacia: 'tipo' },
    { desde: 'tipo', hacia: 'entrega', texto: 'Minorista', por_defecto: true },
    { desde: 'tipo', hacia: 'credito', texto: 'Mayorista' },
    { desde: 'credito', hacia: 'entrega' },
    { desde: 'no', hacia: 'anulado' },
    { desde: 'entrega', hacia: 'f' },
    { desde: 'anulado', hacia: 'f' },
  ],
};
/** The credit check sub-flow: review -> end. */
const credito: FlowGraph = {
  nodos: [{ clave: 'i', tipo: 'inicio' }, { clave: 'revision', tipo: 'actividad', actividad: 5 }, { clave: 'f', tipo: 'fin' }],
  conexiones: [{ desde: 'i', hacia: 'revision' }, { desde: 'revision', hacia: 'f' }],
};
const graphs = (id: number) => ({ 1: ventas, 2: credito })[id as 1 | 2];
const to = (steps: ReturnType<typeof nextSteps>) => steps.map((s) => ('fin' in s.destino ? 'fin' : `${s.destino.flujo}:${s.destino.nodo}`));

describe('next steps of a record', () => {
  it('through a question and a specialization: each way with its decisions', () => {
    const steps = nextSteps(graphs, { flujo: 1, nodo: 'pedido' });
    expect(to(steps).sort()).toEqual(['1:anulado', '1:entrega', '2:revision']);
    const retail = chooseStep(steps, { respuesta: 'si' });
    expect(retail?.destino).toEqual({ flujo: 1, nodo: 'entrega', actividad: 3 });
    expect(retail?.decisiones).toEqual([
      { pregunta: 'q', pregunta_texto: '¿Aprobado?', respuesta: 'si', texto: 'Sí' },
      { especializacion: 'tipo', opcion: 'Minorista', por_defecto: true },
    ]);
    expect(chooseStep(steps, { respuesta: 'no' })?.destino).toMatchObject({ nodo: 'anulado' });
    // a question needs its answer: without one nothing fits
    expect(chooseStep(steps, {})).toBeNull();
    expect(chooseStep(steps, { respuesta: 'quizas' })).toBeNull();
  });

  it('into a sub-flow (its first activity), remembering where to come back, and out again', () => {
    const steps = nextSteps(graphs, { flujo: 1, nodo: 'pedido' });
    const wholesale = chooseStep(steps, { respuesta: 'si', opcion: 'Mayorista' });
    expect(wholesale?.posicion).toEqual({ flujo: 2, nodo: 'revision', pila: [{ flujo: 1, nodo: 'credito' }] });
    const back = nextSteps(graphs, wholesale!.posicion!);
    expect(back.map((s) => s.posicion)).toEqual([{ flujo: 1, nodo: 'entrega' }]);
  });

  it('an activity leads to the end: the record closes', () => {
    const steps = nextSteps(graphs, { flujo: 1, nodo: 'entrega' });
    expect(steps).toEqual([{ decisiones: [], destino: { fin: true } }]);
    expect(chooseStep(steps, {})).toEqual({ decisiones: [], destino: { fin: true } });
  });

  it('two plain ways on are told apart by their destination', () => {
    const fork: FlowGraph = {
      nodos: [{ clave: 'i', tipo: 'inicio' }, { clave: 'a', tipo: 'actividad', actividad: 1 }, { clave: 'b', tipo: 'actividad', actividad: 2 }, { clave: 'c', tipo: 'actividad', actividad: 3 }, { clave: 'f', tipo: 'fin' }],
      conexiones: [{ desde: 'i', hacia: 'a' }, { desde: 'a', hacia: 'b' }, { desde: 'a', hacia: 'c' }, { desde: 'b', hacia: 'f' }, { desde: 'c', hacia: 'f' }],
    };
    const steps = nextSteps(() => fork, { flujo: 9, nodo: 'a' });
    expect(chooseStep(steps, {})).toBeNull();
    expect(chooseStep(steps, { destino: 'c' })?.destino).toMatchObject({ nodo: 'c', actividad: 3 });
  });

  it('never loops on a cycle of non-activity steps, and knows where a record may start', () => {
    const loop: FlowGraph = {
      nodos: [{ clave: 'a', tipo: 'actividad', actividad: 1 }, { clave: 'x', tipo: 'especializacion' }, { clave: 'y', tipo: 'especializacion' }],
      conexiones: [{ desde: 'a', hacia: 'x' }, { desde: 'x', hacia: 'y' }, { desde: 'y', hacia: 'x' }],
    };
    expect(nextSteps(() => loop, { flujo: 1, nodo: 'a' })).toEqual([]);
    expect(activitySteps(ventas, 3)).toEqual(['entrega']);
    expect(activitySteps(ventas, 99)).toEqual([]);
  });
});
