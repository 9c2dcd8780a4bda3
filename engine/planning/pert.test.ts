/**
 * PERT against the worked example of Hillier & Lieberman, "Introduction to Operations Research" (PERT/CPM
 * chapter): the Reliable Construction Co. project, 14 activities in weeks. The book's figures: expected
 * duration 44 weeks, critical path A B C E F J L N, variance 9 (σ = 3), P(finish within 47 weeks) = Φ(1) ≈ 0.84.
 */
import { describe, expect, it } from 'vitest';
import { estimateOf, expectedTime, findCycle, normalCdf, pert, PertCycleError, probabilityBy, standardDeviation, type PertTaskInput } from './pert';

// id, predecessors, o, m, p
const PROJECT: [string, string[], number, number, number][] = [
  ['A', [], 1, 2, 3],
  ['B', ['A'], 2, 3.5, 8],
  ['C', ['B'], 6, 9, 18],
  ['D', ['C'], 4, 5.5, 10],
  ['E', ['C'], 1, 4.5, 5],
  ['F', ['E'], 4, 4, 10],
  ['G', ['D'], 5, 6.5, 11],
  ['H', ['E', 'G'], 5, 8, 17],
  ['I', ['C'], 3, 7.5, 9],
  ['J', ['F', 'I'], 3, 9, 9],
  ['K', ['J'], 4, 4, 4],
  ['L', ['J'], 1, 5.5, 7],
  ['M', ['H'], 1, 2, 3],
  ['N', ['K', 'L'], 5, 5.5, 9],
];
const tasks: PertTaskInput[] = PROJECT.map(([id, predecesoras, optimista, probable, pesimista]) => ({ id, predecesoras, optimista, probable, pesimista }));

// the book's table: te, variance, ES, EF, LS, LF, slack
const TABLE: Record<string, [number, number, number, number, number, number, number]> = {
  A: [2, 1 / 9, 0, 2, 0, 2, 0],
  B: [4, 1, 2, 6, 2, 6, 0],
  C: [10, 4, 6, 16, 6, 16, 0],
  D: [6, 1, 16, 22, 20, 26, 4],
  E: [4, 4 / 9, 16, 20, 16, 20, 0],
  F: [5, 1, 20, 25, 20, 25, 0],
  G: [7, 1, 22, 29, 26, 33, 4],
  H: [9, 4, 29, 38, 33, 42, 4],
  I: [7, 1, 16, 23, 18, 25, 2],
  J: [8, 1, 25, 33, 25, 33, 0],
  K: [4, 0, 33, 37, 34, 38, 1],
  L: [5, 1, 33, 38, 33, 38, 0],
  M: [2, 1 / 9, 38, 40, 42, 44, 4],
  N: [6, 4 / 9, 38, 44, 38, 44, 0],
};

describe('PERT (Reliable Construction Co.)', () => {
  const result = pert(tasks);

  it('expected time and standard deviation of one task', () => {
    expect(expectedTime(2, 3.5, 8)).toBe(4);
    expect(standardDeviation(2, 8)).toBe(1);
    expect(estimateOf({ probable: 3 })).toEqual({ te: 3, sd: 0 });
    expect(estimateOf({ duracion: 2.5 })).toEqual({ te: 2.5, sd: 0 });
    expect(estimateOf({})).toEqual({ te: 0, sd: 0 });
  });

  it.each(Object.entries(TABLE))('activity %s: te, variance, earliest and latest times, slack', (id, [te, variance, es, ef, ls, lf, slack]) => {
    const t = result.byId.get(id)!;
    expect(t.te).toBeCloseTo(te, 9);
    expect(t.variance).toBeCloseTo(variance, 9);
    expect([t.es, t.ef, t.ls, t.lf, t.slack].map((x) => Math.round(x * 1e6) / 1e6)).toEqual([es, ef, ls, lf, slack]);
    expect(t.critical).toBe(slack === 0);
  });

  it('the project: 44 weeks, critical path A B C E F J L N, variance 9', () => {
    expect(result.duration).toBeCloseTo(44, 9);
    expect(result.criticalPath).toEqual(['A', 'B', 'C', 'E', 'F', 'J', 'L', 'N']);
    expect(result.variance).toBeCloseTo(9, 9);
    expect(result.sd).toBeCloseTo(3, 9);
    expect(result.tasks.filter((t) => t.critical).map((t) => t.id)).toEqual(['A', 'B', 'C', 'E', 'F', 'J', 'L', 'N']);
  });

  it('the probability of finishing by a date (normal approximation)', () => {
    expect(probabilityBy(result, 47)).toBeCloseTo(0.8413, 4);
    expect(probabilityBy(result, 44)).toBeCloseTo(0.5, 6);
    expect(probabilityBy(result, 41)).toBeCloseTo(0.1587, 4);
    expect(normalCdf(1.96)).toBeCloseTo(0.975, 4);
    // without spread the finish is certain from the expected duration on
    const fixed = pert([{ id: 1, duracion: 3, predecesoras: [] }]);
    expect([probabilityBy(fixed, 2.9), probabilityBy(fixed, 3)]).toEqual([0, 1]);
  });

  it('the order of the input does not change the answer', () => {
    const shuffled = pert([...tasks].reverse());
    expect(shuffled.duration).toBeCloseTo(44, 9);
    expect(shuffled.criticalPath).toEqual(result.criticalPath);
  });
});

describe('dependency cycles', () => {
  it('names the tasks of a cycle, and PERT refuses it', () => {
    const looped: PertTaskInput[] = [
      { id: 1, probable: 1, predecesoras: [] },
      { id: 2, probable: 1, predecesoras: [1, 4] },
      { id: 3, probable: 1, predecesoras: [2] },
      { id: 4, probable: 1, predecesoras: [3] },
    ];
    const cycle = findCycle(looped)!;
    expect(cycle[0]).toBe(cycle.at(-1));
    expect(new Set(cycle)).toEqual(new Set([2, 3, 4]));
    expect(() => pert(looped)).toThrow(PertCycleError);
    expect(findCycle([{ id: 'x', predecesoras: ['x'] }])).toEqual(['x', 'x']);
    expect(findCycle(tasks)).toBeNull();
  });

  it('ignores predecessors outside the set', () => {
    expect(pert([{ id: 1, probable: 2, predecesoras: [99] }]).duration).toBe(2);
  });
});
