import { describe, expect, it } from 'vitest';
import type { FlowGraph } from './graph';
import { layoutGraph, needsLayout, STEP_SIZES } from './layout';

const chain: FlowGraph = {
  nodos: [
    { clave: 'i', tipo: 'inicio' },
    { clave: 'q', tipo: 'pregunta', texto: '¿?' },
    { clave: 'si', tipo: 'respuesta', texto: 'Sí' },
    { clave: 'no', tipo: 'respuesta', texto: 'No' },
    { clave: 'f', tipo: 'fin' },
    { clave: 'suelto', tipo: 'actividad' },
  ],
  conexiones: [
    { desde: 'i', hacia: 'q' },
    { desde: 'q', hacia: 'si' },
    { desde: 'q', hacia: 'no' },
    { desde: 'si', hacia: 'f' },
    { desde: 'no', hacia: 'f' },
    { desde: 'ghost', hacia: 'f' },
  ],
};

const center = (g: FlowGraph, k: string) => {
  const n = g.nodos.find((x) => x.clave === k)!;
  return { x: n.x! + STEP_SIZES[n.tipo].width / 2, y: n.y! + STEP_SIZES[n.tipo].height / 2 };
};

describe('automatic layout', () => {
  it('a graph with a step without a place needs one', () => {
    expect(needsLayout(chain)).toBe(true);
    expect(needsLayout(layoutGraph(chain))).toBe(false);
    expect(needsLayout({ nodos: [{ clave: 'a', tipo: 'fin', x: 0, y: 0 }], conexiones: [] })).toBe(false);
  });

  it('places every step in whole pixels, top to bottom along the connections, branches side by side', () => {
    const g = layoutGraph(chain);
    for (const n of g.nodos) expect(Number.isInteger(n.x) && Number.isInteger(n.y), n.clave).toBe(true);
    expect(center(g, 'i').y).toBeLessThan(center(g, 'q').y);
    expect(center(g, 'q').y).toBeLessThan(center(g, 'si').y);
    expect(center(g, 'si').y).toBe(center(g, 'no').y);
    expect(center(g, 'si').x).not.toBe(center(g, 'no').x);
    expect(center(g, 'si').y).toBeLessThan(center(g, 'f').y);
    expect(g.conexiones).toBe(chain.conexiones);
  });

  it('no two steps overlap', () => {
    const g = layoutGraph(chain);
    const boxes = g.nodos.map((n) => ({ k: n.clave, x: n.x!, y: n.y!, ...STEP_SIZES[n.tipo] }));
    for (const a of boxes)
      for (const b of boxes) {
        if (a === b) continue;
        const apart = a.x + a.width <= b.x || b.x + b.width <= a.x || a.y + a.height <= b.y || b.y + b.height <= a.y;
        expect(apart, `${a.k} / ${b.k}`).toBe(true);
      }
  });

  it('an empty graph stays as it is', () => {
    const empty = { nodos: [], conexiones: [] };
    expect(layoutGraph(empty)).toBe(empty);
  });
});
