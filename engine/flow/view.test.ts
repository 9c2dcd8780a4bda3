import { describe, expect, it } from 'vitest';
import { updateConnection, updateNode } from './edit';
import { validateFlowGraph, type FlowGraph } from './graph';
import { mergeProblems, problemsByNode, problemsFromErrors, selectOnly, settledMoves, syncEdges, syncNodes, type ViewNode } from './view';

/** A chain of `n` activity steps between a start and an end. */
function chain(n: number): FlowGraph {
  const keys = ['s', ...Array.from({ length: n }, (_, i) => `a${i}`), 'e'];
  return {
    nodos: keys.map((clave, i) => ({ clave, tipo: i === 0 ? 'inicio' : i === keys.length - 1 ? 'fin' : 'actividad', actividad: 1, x: 0, y: i * 100 })),
    conexiones: keys.slice(1).map((k, i) => ({ desde: keys[i], hacia: k })),
  };
}
const noTitle = () => null;
const noLabel = () => ({ label: null, ariaLabel: '' });

describe('graph -> canvas nodes', () => {
  it('draws every step at its place, with its problems', () => {
    const g: FlowGraph = { nodos: [{ clave: 'q', tipo: 'pregunta', texto: '', x: 5, y: 6 }], conexiones: [] };
    const [view] = syncNodes([], g, problemsByNode(validateFlowGraph(g)), () => 'x');
    expect(view).toMatchObject({ id: 'q', type: 'step', position: { x: 5, y: 6 }, data: { node: g.nodos[0], title: 'x' } });
    expect(view.data.problems).toEqual(expect.arrayContaining(['FLGR1001', 'FLGR1003']));
  });

  it('with 300 steps, an edit of one step makes one new view object; the others are the same objects', () => {
    const g = chain(300);
    const first = syncNodes([], g, problemsByNode(validateFlowGraph(g)), noTitle);
    const edited = updateNode(g, 'a150', { actividad: 2 });
    const next = syncNodes(first, edited, problemsByNode(validateFlowGraph(edited)), noTitle);
    const changed = next.filter((v, i) => v !== first[i]).map((v) => v.id);
    expect(changed).toEqual(['a150']);
    // nothing changed: the very same array
    expect(syncNodes(next, edited, problemsByNode(validateFlowGraph(edited)), noTitle)).toBe(next);
  });

  it('a step whose problems or title change is drawn again; canvas-only state carries over', () => {
    const g = chain(2);
    const measured = syncNodes([], g, new Map(), noTitle).map((v): ViewNode => ({ ...v, measured: { width: 200, height: 60 }, selected: v.id === 'a0' }));
    const withProblem = syncNodes(measured, g, new Map([['a0', ['FLGR1004' as const]]]), noTitle);
    expect(withProblem[1]).not.toBe(measured[1]);
    expect(withProblem[1]).toMatchObject({ selected: true, measured: { width: 200, height: 60 }, data: { problems: ['FLGR1004'] } });
    expect(withProblem[2]).toBe(measured[2]);
    const titled = syncNodes(withProblem, g, new Map([['a0', ['FLGR1004' as const]]]), (n) => (n.clave === 'a1' ? 'Recepción' : null));
    expect(titled.filter((v, i) => v !== withProblem[i]).map((v) => v.id)).toEqual(['a1']);
    // another language: every step is described again
    const english = syncNodes(titled, g, new Map([['a0', ['FLGR1004' as const]]]), (n) => (n.clave === 'a1' ? 'Recepción' : null), (d) => `Step ${d.node.clave}`);
    expect(english.every((v, i) => v !== titled[i])).toBe(true);
    expect(english[0].ariaLabel).toBe('Step s');
  });

  it('a repeated key is drawn once', () => {
    const g: FlowGraph = { nodos: [{ clave: 'a', tipo: 'fin' }, { clave: 'a', tipo: 'inicio' }], conexiones: [] };
    expect(syncNodes([], g, new Map(), noTitle).map((v) => v.data.node.tipo)).toEqual(['fin']);
  });
});

describe('graph -> canvas edges', () => {
  it('one edge per connection, none to a missing step, the label from the caller; unchanged ones kept', () => {
    const g: FlowGraph = {
      nodos: [{ clave: 'e', tipo: 'especializacion' }, { clave: 'a', tipo: 'fin' }, { clave: 'b', tipo: 'fin' }],
      conexiones: [{ desde: 'e', hacia: 'a', texto: 'Mayorista' }, { desde: 'e', hacia: 'b' }, { desde: 'e', hacia: 'ghost' }],
    };
    const label = (c: { texto?: string | null; hacia: string }) => ({ label: c.texto ?? null, ariaLabel: `to ${c.hacia}` });
    const edges = syncEdges([], g, label);
    expect(edges.map((e) => [e.id, e.source, e.target, e.data.label])).toEqual([
      ['e->a', 'e', 'a', 'Mayorista'],
      ['e->b', 'e', 'b', null],
    ]);
    const next = syncEdges(edges, updateConnection(g, 'e->b', { texto: 'Minorista' }), label);
    expect(next[0]).toBe(edges[0]);
    expect(syncEdges(edges, g, label)).toBe(edges);
    expect(next[1].data.label).toBe('Minorista');
    expect(syncEdges(edges, g, noLabel)[0]).not.toBe(edges[0]);
    expect(edges[0].ariaLabel).toBe('to a');
  });
});

describe('selection and moves', () => {
  it('selects exactly the given ids, keeping the objects that do not change', () => {
    const views = [{ id: 'a' }, { id: 'b', selected: true }, { id: 'c' }];
    const next = selectOnly(views, new Set(['a']));
    expect(next.map((v) => Boolean(v.selected))).toEqual([true, false, false]);
    expect(next[2]).toBe(views[2]);
  });

  it('keeps the place where a step was let go, not the places while dragging', () => {
    expect(
      settledMoves([
        { type: 'position', id: 'a', position: { x: 1, y: 2 }, dragging: true },
        { type: 'position', id: 'b', position: { x: 3, y: 4 }, dragging: false },
        { type: 'dimensions', id: 'c' },
        { type: 'position', id: 'd', dragging: false },
      ]),
    ).toEqual([{ clave: 'b', x: 3, y: 4 }]);
  });
});

describe('problems from the server', () => {
  it('reads FLOW_INVALID errors and merges them with the local ones, each once', () => {
    const server = problemsFromErrors([{ field: 'nodos', code: 'FLGR1004', nodes: ['a', 1] }, { code: 'other' }, null, { code: 'FLGR0003' }]);
    expect(server).toEqual([{ code: 'FLGR1004', nodes: ['a'] }, { code: 'FLGR0003', nodes: [] }]);
    expect(mergeProblems([{ code: 'FLGR0003', nodes: [] }], server)).toEqual([{ code: 'FLGR0003', nodes: [] }, { code: 'FLGR1004', nodes: ['a'] }]);
  });
});
