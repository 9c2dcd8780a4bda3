import { describe, expect, it } from 'vitest';
import { chooseStep, nextSteps } from '../flow/next';
import type { FlowGraph } from '../flow/graph';
import { decisionTexts, moveChoice, questionOf, type OfferedStep } from './moves';

const graph: FlowGraph = {
  nodos: [
    { clave: 'i', tipo: 'inicio' },
    { clave: 'pedido', tipo: 'actividad', actividad: 1 },
    { clave: 'q', tipo: 'pregunta', texto: '¿Aprobado?' },
    { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
    { clave: 'no', tipo: 'respuesta', texto: 'No' },
    { clave: 'e', tipo: 'especializacion', texto: 'Entrega' },
    { clave: 'envio', tipo: 'actividad', actividad: 2 },
    { clave: 'retiro', tipo: 'actividad', actividad: 3 },
    { clave: 'f', tipo: 'fin' },
  ],
  conexiones: [
    { desde: 'i', hacia: 'pedido' },
    { desde: 'pedido', hacia: 'q' },
    { desde: 'q', hacia: 'si' },
    { desde: 'q', hacia: 'no' },
    { desde: 'si', hacia: 'e' },
    { desde: 'e', hacia: 'envio', texto: 'Con envío', por_defecto: true },
    { desde: 'e', hacia: 'retiro', texto: 'Retira en local' },
    { desde: 'envio', hacia: 'f' },
    { desde: 'retiro', hacia: 'f' },
    { desde: 'no', hacia: 'f' },
  ],
};

const offered = (): OfferedStep[] =>
  nextSteps(() => graph, { flujo: 9, nodo: 'pedido' }).map((s) => ({
    decisiones: s.decisiones,
    destino: 'fin' in s.destino ? { fin: true } : { ...s.destino, titulo: `A${s.destino.actividad}`, flujoNombre: 'Ventas' },
  }));

describe('the moves the record form offers', () => {
  it('each choice takes exactly its own way, as the server chooses it', () => {
    const steps = offered();
    expect(steps).toHaveLength(3);
    const real = nextSteps(() => graph, { flujo: 9, nodo: 'pedido' });
    for (const [i, s] of steps.entries()) expect(chooseStep(real, moveChoice(s))).toBe(real[i]);
  });

  it('name answers and options, the default option marked; the end is "fin"', () => {
    const [envio, retiro, fin] = offered();
    expect(moveChoice(envio)).toEqual({ respuesta: 'si', destino: 'envio' });
    expect(moveChoice(retiro)).toEqual({ respuesta: 'si', opcion: 'Retira en local', destino: 'retiro' });
    expect(moveChoice(fin)).toEqual({ respuesta: 'no', destino: 'fin' });
    expect(decisionTexts(envio)).toEqual([{ text: 'Sí', byDefault: false }, { text: 'Con envío', byDefault: true }]);
  });

  it('ask the question the ways begin with; none when they begin otherwise', () => {
    expect(questionOf(offered())).toBe('¿Aprobado?');
    const after = nextSteps(() => graph, { flujo: 9, nodo: 'envio' }).map((s) => ({ decisiones: s.decisiones, destino: { fin: true as const } }));
    expect(questionOf(after)).toBeNull();
    expect(questionOf([])).toBeNull();
  });
});
