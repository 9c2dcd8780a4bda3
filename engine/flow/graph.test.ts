import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateFlowGraph, namedIds, type FlowConnection, type FlowGraph, type FlowNode, type GraphProblem } from './graph';

const n = (clave: string, tipo: FlowNode['tipo'], extra: Partial<FlowNode> = {}): FlowNode => ({ clave, tipo, ...extra });
const c = (desde: string, hacia: string, extra: Partial<FlowConnection> = {}): FlowConnection => ({ desde, hacia, ...extra });
const codes = (problems: GraphProblem[]) => problems.map((p) => p.code);
const find = (problems: GraphProblem[], code: string) => problems.filter((p) => p.code === code);

/** The procurement flow of the demo: request -> approval? yes: order -> receipt -> end; no: rejection -> end. */
const compras: FlowGraph = {
  nodos: [
    n('inicio', 'inicio'),
    n('solicitud', 'actividad', { actividad: 1 }),
    n('monto', 'especializacion', { texto: 'Monto' }),
    n('aprobacion', 'pregunta', { texto: '¿Aprobada?' }),
    n('si', 'respuesta', { texto: 'Sí' }),
    n('no', 'respuesta', { texto: 'No' }),
    n('orden', 'actividad', { actividad: 3 }),
    n('recepcion', 'actividad', { actividad: 4 }),
    n('rechazo', 'actividad', { actividad: 5 }),
    n('fin', 'fin'),
  ],
  conexiones: [
    c('inicio', 'solicitud'),
    c('solicitud', 'monto'),
    c('monto', 'aprobacion', { texto: 'Más de 100.000', por_defecto: true }),
    c('monto', 'orden', { texto: 'Hasta 100.000' }),
    c('aprobacion', 'si'),
    c('aprobacion', 'no'),
    c('si', 'orden'),
    c('no', 'rechazo'),
    c('orden', 'recepcion'),
    c('recepcion', 'fin'),
    c('rechazo', 'fin'),
  ],
};

describe('validateFlowGraph: one test per code', () => {
  it('a valid flow has no problems', () => {
    expect(validateFlowGraph(compras)).toEqual([]);
  });

  it('FLGR0000: no nodes (and nothing else is said)', () => {
    expect(validateFlowGraph({ nodos: [], conexiones: [] })).toEqual([{ code: 'FLGR0000', nodes: [] }]);
    expect(validateFlowGraph(null)).toEqual([{ code: 'FLGR0000', nodes: [] }]);
  });

  it('FLGR0001: no start; FLGR0003: no end', () => {
    const p = validateFlowGraph({ nodos: [n('a', 'actividad', { actividad: 1 })], conexiones: [] });
    expect(codes(p)).toContain('FLGR0001');
    expect(codes(p)).toContain('FLGR0003');
  });

  it('FLGR0002: more than one start, all named', () => {
    const g = { ...compras, nodos: [...compras.nodos, n('otro', 'inicio')], conexiones: [...compras.conexiones, c('otro', 'fin')] };
    expect(find(validateFlowGraph(g), 'FLGR0002')).toEqual([{ code: 'FLGR0002', nodes: ['inicio', 'otro'] }]);
  });

  it('FLGR0004: a node the start does not reach; FLGR0006: without an incoming connection', () => {
    const g = { ...compras, nodos: [...compras.nodos, n('suelta', 'actividad', { actividad: 9 })], conexiones: [...compras.conexiones, c('suelta', 'fin')] };
    const p = validateFlowGraph(g);
    expect(find(p, 'FLGR0004')).toEqual([{ code: 'FLGR0004', nodes: ['suelta'] }]);
    expect(find(p, 'FLGR0006')).toEqual([{ code: 'FLGR0006', nodes: ['suelta'] }]);
  });

  it('FLGR0005: no end reachable from a node; FLGR0007: without an outgoing connection', () => {
    const g = { ...compras, conexiones: compras.conexiones.filter((x) => !(x.desde === 'rechazo')) };
    const p = validateFlowGraph(g);
    // the answer that leads only there cannot end either
    expect(find(p, 'FLGR0005').flatMap((x) => x.nodes).sort()).toEqual(['no', 'rechazo']);
    expect(find(p, 'FLGR0007')).toEqual([{ code: 'FLGR0007', nodes: ['rechazo'] }]);
    // a loop that never ends: both nodes are named
    const loop = validateFlowGraph({
      nodos: [n('i', 'inicio'), n('a', 'actividad', { actividad: 1 }), n('b', 'actividad', { actividad: 2 }), n('f', 'fin')],
      conexiones: [c('i', 'a'), c('a', 'b'), c('b', 'a')],
    });
    expect(find(loop, 'FLGR0005').flatMap((x) => x.nodes).sort()).toEqual(['a', 'b', 'i']);
  });

  it('FLGR0008: a connection to or from a node that does not exist', () => {
    const g = { ...compras, conexiones: [...compras.conexiones, c('orden', 'fantasma')] };
    expect(find(validateFlowGraph(g), 'FLGR0008')).toEqual([{ code: 'FLGR0008', nodes: ['orden', 'fantasma'] }]);
  });

  it('FLGR0009: two nodes with one key', () => {
    const g = { ...compras, nodos: [...compras.nodos, n('orden', 'actividad', { actividad: 7 })] };
    expect(find(validateFlowGraph(g), 'FLGR0009')).toEqual([{ code: 'FLGR0009', nodes: ['orden'] }]);
  });

  it('FLGR1001 / FLGR1002: a question or an answer without text', () => {
    const g = { ...compras, nodos: compras.nodos.map((x) => (x.clave === 'aprobacion' || x.clave === 'no' ? { ...x, texto: '  ' } : x)) };
    const p = validateFlowGraph(g);
    expect(find(p, 'FLGR1001')).toEqual([{ code: 'FLGR1001', nodes: ['aprobacion'] }]);
    expect(find(p, 'FLGR1002')).toEqual([{ code: 'FLGR1002', nodes: ['no'] }]);
  });

  it('FLGR1003: a question with fewer than two answers, or an answer not after a question', () => {
    const oneAnswer = { ...compras, conexiones: compras.conexiones.filter((x) => !(x.desde === 'aprobacion' && x.hacia === 'no')).concat(c('solicitud', 'no')) };
    const p = validateFlowGraph(oneAnswer);
    expect(find(p, 'FLGR1003').map((x) => x.nodes[0]).sort()).toEqual(['aprobacion', 'no']);
  });

  it('FLGR1004: an activity step without an activity, or one that does not exist', () => {
    const g = { ...compras, nodos: compras.nodos.map((x) => (x.clave === 'orden' ? { ...x, actividad: null } : x)) };
    expect(find(validateFlowGraph(g), 'FLGR1004')).toEqual([{ code: 'FLGR1004', nodes: ['orden'] }]);
    expect(find(validateFlowGraph(compras, { activityExists: (id) => id !== 4 }), 'FLGR1004')).toEqual([{ code: 'FLGR1004', nodes: ['recepcion'] }]);
    // an id no integer column holds names no activity, and is not one to look up
    const huge = { ...compras, nodos: compras.nodos.map((x) => (x.clave === 'orden' ? { ...x, actividad: 2147483648 } : x)) };
    expect(find(validateFlowGraph(huge), 'FLGR1004')).toEqual([{ code: 'FLGR1004', nodes: ['orden'] }]);
    expect(namedIds(huge).actividades).not.toContain(2147483648);
  });

  it('FLGR1005: a sub-flow step without a target, with a missing one, or with this flow', () => {
    const withSub = (flujo: number | null): FlowGraph => ({
      nodos: [...compras.nodos, n('sub', 'subflujo', { flujo })],
      conexiones: compras.conexiones.filter((x) => !(x.desde === 'recepcion')).concat(c('recepcion', 'sub'), c('sub', 'fin')),
    });
    expect(find(validateFlowGraph(withSub(null)), 'FLGR1005')).toHaveLength(1);
    expect(find(validateFlowGraph(withSub(7), { flowId: 7 }), 'FLGR1005')).toHaveLength(1);
    expect(find(validateFlowGraph(withSub(8), { flowExists: () => false }), 'FLGR1005')).toHaveLength(1);
    expect(validateFlowGraph(withSub(8), { flowId: 7, flowExists: (id) => id === 8 })).toEqual([]);
  });

  it('FLGR1006: an answer with more than one outgoing connection', () => {
    const g = { ...compras, conexiones: [...compras.conexiones, c('si', 'rechazo')] };
    expect(find(validateFlowGraph(g), 'FLGR1006')).toEqual([{ code: 'FLGR1006', nodes: ['si'] }]);
  });

  it('FLGR2001 / FLGR2002 / FLGR2003: a specialization needs two options and exactly one default', () => {
    const only = { ...compras, conexiones: compras.conexiones.filter((x) => !(x.desde === 'monto' && x.hacia === 'orden')) };
    expect(codes(validateFlowGraph(only))).toContain('FLGR2001');
    const two = { ...compras, conexiones: compras.conexiones.map((x) => (x.desde === 'monto' ? { ...x, por_defecto: true } : x)) };
    expect(find(validateFlowGraph(two), 'FLGR2002')).toEqual([{ code: 'FLGR2002', nodes: ['monto'] }]);
    const none = { ...compras, conexiones: compras.conexiones.map((x) => (x.desde === 'monto' ? { ...x, por_defecto: false } : x)) };
    expect(find(validateFlowGraph(none), 'FLGR2003')).toEqual([{ code: 'FLGR2003', nodes: ['monto'] }]);
  });

  it('namedIds lists the activities and flows a graph names', () => {
    expect(namedIds(compras)).toEqual({ actividades: [1, 3, 4, 5], flujos: [] });
  });
});

/** A valid chain: start -> activities -> end, with keys k0..kn. */
const chainArb = fc.integer({ min: 1, max: 12 }).map((count): FlowGraph => {
  const nodos = [n('k0', 'inicio'), ...Array.from({ length: count }, (_, i) => n(`k${i + 1}`, 'actividad', { actividad: i + 1 })), n(`k${count + 1}`, 'fin')];
  const conexiones = nodos.slice(1).map((x, i) => c(nodos[i].clave, x.clave));
  return { nodos, conexiones };
});

describe('validateFlowGraph: properties', () => {
  it('never throws, whatever it is given, and answers known codes only', () => {
    fc.assert(
      fc.property(fc.anything(), (g) => {
        const p = validateFlowGraph(g);
        expect(Array.isArray(p)).toBe(true);
      }),
    );
    const nodeArb = fc.record({
      clave: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
      tipo: fc.constantFrom('inicio', 'fin', 'actividad', 'pregunta', 'respuesta', 'especializacion', 'subflujo', 'otro'),
      actividad: fc.option(fc.integer({ min: -2, max: 5 })),
      flujo: fc.option(fc.integer({ min: -2, max: 5 })),
      texto: fc.option(fc.string()),
    });
    const connArb = fc.record({ desde: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'z'), hacia: fc.constantFrom('a', 'b', 'c', 'd', 'e', 'z'), por_defecto: fc.option(fc.boolean()) });
    fc.assert(
      fc.property(fc.array(nodeArb, { maxLength: 8 }), fc.array(connArb, { maxLength: 12 }), (nodos, conexiones) => {
        for (const p of validateFlowGraph({ nodos, conexiones })) expect(p.code).toMatch(/^FLGR\d{4}$/);
      }),
    );
  });

  it('generated valid chains pass', () => {
    fc.assert(
      fc.property(chainArb, (g) => {
        expect(validateFlowGraph(g)).toEqual([]);
      }),
    );
  });

  it('removing any connection of a valid chain is reported', () => {
    fc.assert(
      fc.property(chainArb, fc.nat(), (g, pick) => {
        const gone = pick % g.conexiones.length;
        const broken = { ...g, conexiones: g.conexiones.filter((_, i) => i !== gone) };
        const p = validateFlowGraph(broken);
        expect(p.length).toBeGreaterThan(0);
        // the two ends of the removed connection are named
        const named = new Set(p.flatMap((x) => x.nodes));
        expect(named.has(g.conexiones[gone].desde) || named.has(g.conexiones[gone].hacia)).toBe(true);
      }),
    );
  });
});
