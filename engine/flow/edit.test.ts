import { describe, expect, it } from 'vitest';
import {
  addNode,
  adoptIds,
  canConnect,
  connect,
  connectableTargets,
  connectionIds,
  emptyGraph,
  equalGraphs,
  freeKey,
  moveNodes,
  removeElements,
  sameMeaning,
  setDefaultOption,
  STEP_GAP,
  updateConnection,
  updateNode,
} from './edit';
import { validateFlowGraph, type FlowGraph } from './graph';

/** start -> end, placed. */
const base = (): FlowGraph => ({
  nodos: [
    { clave: 'n1', tipo: 'inicio', x: 0, y: 0 },
    { clave: 'n2', tipo: 'fin', x: 0, y: 300 },
  ],
  conexiones: [{ desde: 'n1', hacia: 'n2' }],
});

describe('adding steps', () => {
  it('gives a free key, empty texts to the kinds that need one, and a place', () => {
    const { graph, clave } = addNode(base(), 'pregunta', { x: 400.4, y: 10.6 });
    expect(clave).toBe('n3');
    expect(graph.nodos.at(-1)).toEqual({ clave: 'n3', tipo: 'pregunta', texto: '', x: 400, y: 11 });
    expect(addNode(graph, 'actividad', { x: 0, y: 0 }).graph.nodos.at(-1)).not.toHaveProperty('texto');
    expect(freeKey({ nodos: [{ clave: 'n2', tipo: 'fin' }], conexiones: [] })).toBe('n3');
  });

  it('after a step: below it, joined from it; never on top of another step', () => {
    const { graph, clave } = addNode(base(), 'actividad', { x: 999, y: 999 }, 'n1');
    expect(graph.nodos.find((n) => n.clave === clave)).toMatchObject({ x: 0, y: STEP_GAP });
    expect(graph.conexiones).toContainEqual({ desde: 'n1', hacia: clave });
    const second = addNode(graph, 'actividad', { x: 0, y: 0 }, 'n1');
    const placed = second.graph.nodos.find((n) => n.clave === second.clave)!;
    expect(placed.y).toBe(STEP_GAP);
    expect(placed.x).toBeGreaterThan(0);
  });

  it('leaves the graph it was given alone', () => {
    const g = base();
    const copy = structuredClone(g);
    addNode(g, 'fin', { x: 1, y: 1 }, 'n1');
    expect(g).toEqual(copy);
  });
});

describe('connecting', () => {
  it('refuses loops, repeats, connections into the start or out of an end, and unknown steps', () => {
    const g = base();
    expect(canConnect(g, 'n1', 'n1')).toBe(false);
    expect(canConnect(g, 'n1', 'n2')).toBe(false);
    expect(canConnect(g, 'n2', 'n1')).toBe(false);
    expect(canConnect(g, 'n1', 'zz')).toBe(false);
    expect(connect(g, 'n1', 'n2')).toBe(g);
  });

  it('lists the steps a step may be joined to, as canConnect says one by one', () => {
    let g = addNode(base(), 'actividad', { x: 0, y: 0 }, 'n1').graph;
    g = addNode(g, 'pregunta', { x: 300, y: 0 }).graph;
    for (const from of ['n1', 'n2', 'n3', 'n4', 'zz'])
      expect(connectableTargets(g, from).map((n) => n.clave), from).toEqual(g.nodos.filter((n) => canConnect(g, from, n.clave)).map((n) => n.clave));
  });

  it('out of a specialization the first option is the default, the next ones are not', () => {
    let g = addNode(base(), 'especializacion', { x: 0, y: 100 }, 'n1').graph;
    g = connect(g, 'n3', 'n2');
    g = addNode(g, 'actividad', { x: 300, y: 200 }, 'n3').graph;
    const options = g.conexiones.filter((c) => c.desde === 'n3');
    expect(options).toEqual([
      { desde: 'n3', hacia: 'n2', texto: '', por_defecto: true },
      { desde: 'n3', hacia: 'n4', texto: '', por_defecto: false },
    ]);
  });

  it('setting a default takes it away from the other options; option texts change by id', () => {
    let g: FlowGraph = {
      nodos: [{ clave: 'e', tipo: 'especializacion' }, { clave: 'a', tipo: 'fin' }, { clave: 'b', tipo: 'fin' }],
      conexiones: [{ desde: 'e', hacia: 'a', por_defecto: true }, { desde: 'e', hacia: 'b', por_defecto: false }],
    };
    g = setDefaultOption(g, 'e->b');
    expect(g.conexiones.map((c) => c.por_defecto)).toEqual([false, true]);
    expect(setDefaultOption(g, 'e->b')).toBe(g);
    g = updateConnection(g, 'e->a', { texto: 'Mayorista' });
    expect(g.conexiones[0].texto).toBe('Mayorista');
    expect(updateConnection(g, 'e->a', { texto: 'Mayorista' })).toBe(g);
  });
});

describe('ids of connections', () => {
  it('are the two ends, numbered when the same steps are joined again', () => {
    expect(connectionIds([{ desde: 'a', hacia: 'b' }, { desde: 'a', hacia: 'c' }, { desde: 'a', hacia: 'b' }])).toEqual(['a->b', 'a->c', 'a->b#1']);
  });
});

describe('removing, changing, moving', () => {
  it('removing a step removes its connections; a connection goes alone', () => {
    const g = addNode(base(), 'actividad', { x: 0, y: 0 }, 'n1').graph;
    const without = removeElements(g, ['n3']);
    expect(without.nodos.map((n) => n.clave)).toEqual(['n1', 'n2']);
    expect(without.conexiones).toEqual([{ desde: 'n1', hacia: 'n2' }]);
    expect(removeElements(g, [], ['n1->n2']).conexiones).toEqual([{ desde: 'n1', hacia: 'n3' }]);
    expect(removeElements(g, [], [])).toBe(g);
    expect(removeElements(g, ['nope'])).toBe(g);
  });

  it('a change that changes nothing answers the same graph; others touch only their step', () => {
    const g = addNode(base(), 'actividad', { x: 0, y: 0 }).graph;
    const h = updateNode(g, 'n3', { actividad: 7 });
    expect(h.nodos[2]).toMatchObject({ actividad: 7 });
    expect(h.nodos[0]).toBe(g.nodos[0]);
    expect(updateNode(h, 'n3', { actividad: 7 })).toBe(h);
    expect(updateNode(h, 'missing', { actividad: 1 })).toBe(h);
  });

  it('moves round to whole pixels; moving to the same place changes nothing', () => {
    const g = moveNodes(base(), [{ clave: 'n2', x: 10.2, y: 20.7 }]);
    expect(g.nodos[1]).toMatchObject({ x: 10, y: 21 });
    expect(moveNodes(g, [{ clave: 'n2', x: 10, y: 21 }])).toBe(g);
  });
});

describe('comparing and row ids', () => {
  it('equal graphs ignore row ids and blank-versus-missing texts, not positions', () => {
    const g = base();
    expect(equalGraphs(g, structuredClone(g))).toBe(true);
    expect(equalGraphs(g, { ...g, nodos: g.nodos.map((n) => ({ ...n, id: 4, texto: '' })) })).toBe(true);
    expect(equalGraphs(g, moveNodes(g, [{ clave: 'n1', x: 5, y: 0 }]))).toBe(false);
    expect(equalGraphs(emptyGraph(), g)).toBe(false);
  });

  it('graphs mean the same whatever their row ids and positions (a verified flow stays verified only then)', () => {
    const g = base();
    expect(sameMeaning(g, { ...moveNodes(g, [{ clave: 'n1', x: 5, y: 0 }]), conexiones: g.conexiones.map((c) => ({ ...c, id: 9 })) })).toBe(true);
    expect(sameMeaning(g, addNode(g, 'pregunta', { x: 0, y: 600 }).graph)).toBe(false);
    expect(sameMeaning(g, setDefaultOption(g, 'n1->n2'))).toBe(false);
  });

  it('adopts the stored ids by key and by ends', () => {
    const g = base();
    const stored: FlowGraph = {
      nodos: g.nodos.map((n, i) => ({ ...n, id: 10 + i }) as typeof n),
      conexiones: [{ desde: 'n1', hacia: 'n2', id: 5 } as FlowGraph['conexiones'][number]],
    };
    const adopted = adoptIds(g, stored);
    expect(adopted.nodos.map((n) => (n as { id?: number }).id)).toEqual([10, 11]);
    expect((adopted.conexiones[0] as { id?: number }).id).toBe(5);
    expect(adoptIds(adopted, stored)).toBe(adopted);
  });
});

describe('a whole flow drawn with these edits', () => {
  it('start -> question -> two answers -> end is valid', () => {
    let g = emptyGraph();
    const step = (tipo: Parameters<typeof addNode>[1], after?: string) => {
      const r = addNode(g, tipo, { x: 0, y: 0 }, after);
      g = r.graph;
      return r.clave;
    };
    const start = step('inicio');
    const q = step('pregunta', start);
    const yes = step('respuesta', q);
    const no = step('respuesta', q);
    const end = step('fin', yes);
    g = connect(g, no, end);
    g = updateNode(g, q, { texto: '¿Aprobado?' });
    g = updateNode(g, yes, { texto: 'Sí' });
    expect(validateFlowGraph(g).map((p) => p.code)).toEqual(['FLGR1002']);
    g = updateNode(g, no, { texto: 'No' });
    expect(validateFlowGraph(g)).toEqual([]);
  });
});
