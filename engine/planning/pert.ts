/**
 * PERT over a set of tasks with dependencies (issue 13; ARCHITECTURE "PERT estimates"). Pure: the server runs it
 * to flag critical tasks and schedule the tasks a record gets, the browser to show the table and the
 * probability of finishing by a date.
 *
 * - expected time te = (o + 4m + p) / 6, standard deviation (p − o) / 6 (a task with only m, or only a plain
 *   duration, has no spread);
 * - forward pass: earliest start ES = max EF of the predecessors (0 without any), EF = ES + te; backward pass:
 *   latest finish LF = min LS of the successors (the project's duration without any), LS = LF − te;
 * - slack = LS − ES; a task is critical when its slack is 0; the critical path is the chain of critical tasks
 *   from a start to an end (of several, the one with the largest variance, the cautious choice);
 * - the probability of finishing by T: Φ((T − duration) / σ), σ² the sum of the variances on the critical path.
 *
 * A cycle in the dependencies has no schedule: `findCycle` names it, `pert` throws PertCycleError.
 */

export type TaskId = number | string;

export interface PertTaskInput {
  id: TaskId;
  /** Optimistic, most likely and pessimistic durations (days). */
  optimista?: number | null;
  probable?: number | null;
  pesimista?: number | null;
  /** The duration to use when there is no three-point estimate. */
  duracion?: number | null;
  /** Ids of the tasks that must finish first; ids outside the set are ignored. */
  predecesoras: readonly TaskId[];
}

export interface PertTask {
  id: TaskId;
  te: number;
  sd: number;
  variance: number;
  es: number;
  ef: number;
  ls: number;
  lf: number;
  slack: number;
  critical: boolean;
}

export interface PertResult {
  /** In the order of the input. */
  tasks: PertTask[];
  byId: Map<TaskId, PertTask>;
  /** Expected duration of the whole: the largest EF. */
  duration: number;
  /** Variance and standard deviation of the duration (along the critical path). */
  variance: number;
  sd: number;
  criticalPath: TaskId[];
}

/** Differences below this are rounding, not slack. */
const EPSILON = 1e-9;

export class PertCycleError extends Error {
  constructor(readonly cycle: TaskId[]) {
    super(`dependency cycle: ${cycle.join(' -> ')}`);
    this.name = 'PertCycleError';
  }
}

export const expectedTime = (o: number, m: number, p: number) => (o + 4 * m + p) / 6;
export const standardDeviation = (o: number, p: number) => (p - o) / 6;

const num = (v: number | null | undefined): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** te and σ of one task: its three-point estimate (a missing end taken as m), else its plain duration, else 0. */
export function estimateOf(t: Pick<PertTaskInput, 'optimista' | 'probable' | 'pesimista' | 'duracion'>): { te: number; sd: number } {
  const m = num(t.probable);
  if (m !== null) {
    const o = num(t.optimista) ?? m;
    const p = num(t.pesimista) ?? m;
    return { te: expectedTime(o, m, p), sd: Math.max(0, standardDeviation(o, p)) };
  }
  return { te: Math.max(0, num(t.duracion) ?? 0), sd: 0 };
}

/** The tasks each one waits for, only those in the set. */
function edges(tasks: readonly PertTaskInput[]): Map<TaskId, TaskId[]> {
  const ids = new Set(tasks.map((t) => t.id));
  return new Map(tasks.map((t) => [t.id, [...new Set(t.predecesoras)].filter((p) => ids.has(p))]));
}

/**
 * A cycle of the dependencies as the ids along it, first repeated at the end ([a, b, a]; a task waiting for
 * itself is [a, a]), or null.
 */
export function findCycle(tasks: readonly PertTaskInput[]): TaskId[] | null {
  const preds = edges(tasks);
  const state = new Map<TaskId, 'open' | 'done'>();
  for (const start of preds.keys()) {
    if (state.has(start)) continue;
    // iterative depth-first search over "waits for", keeping the path to report the cycle
    const path: TaskId[] = [];
    const stack: { id: TaskId; next: number }[] = [{ id: start, next: 0 }];
    state.set(start, 'open');
    path.push(start);
    while (stack.length) {
      const top = stack[stack.length - 1];
      const list = preds.get(top.id)!;
      if (top.next < list.length) {
        const p = list[top.next++];
        const s = state.get(p);
        if (s === 'open') return [...path.slice(path.indexOf(p)), p];
        if (s === undefined) {
          state.set(p, 'open');
          path.push(p);
          stack.push({ id: p, next: 0 });
        }
      } else {
        state.set(top.id, 'done');
        path.pop();
        stack.pop();
      }
    }
  }
  return null;
}

/** The ids in an order where every task comes after the tasks it waits for (Kahn); throws on a cycle. */
export function topologicalOrder(tasks: readonly PertTaskInput[]): TaskId[] {
  const preds = edges(tasks);
  const waiting = new Map([...preds].map(([id, ps]) => [id, ps.length]));
  const succ = new Map<TaskId, TaskId[]>(tasks.map((t) => [t.id, []]));
  for (const [id, ps] of preds) for (const p of ps) succ.get(p)!.push(id);
  const ready = tasks.filter((t) => waiting.get(t.id) === 0).map((t) => t.id);
  const out: TaskId[] = [];
  while (ready.length) {
    const id = ready.shift()!;
    out.push(id);
    for (const s of succ.get(id)!) {
      const n = waiting.get(s)! - 1;
      waiting.set(s, n);
      if (n === 0) ready.push(s);
    }
  }
  if (out.length !== preds.size) throw new PertCycleError(findCycle(tasks) ?? []);
  return out;
}

export function pert(tasks: readonly PertTaskInput[]): PertResult {
  const preds = edges(tasks);
  const order = topologicalOrder(tasks);
  const succ = new Map<TaskId, TaskId[]>(tasks.map((t) => [t.id, []]));
  for (const [id, ps] of preds) for (const p of ps) succ.get(p)!.push(id);
  const est = new Map(tasks.map((t) => [t.id, estimateOf(t)]));

  const es = new Map<TaskId, number>();
  const ef = new Map<TaskId, number>();
  for (const id of order) {
    const start = Math.max(0, ...preds.get(id)!.map((p) => ef.get(p)!));
    es.set(id, start);
    ef.set(id, start + est.get(id)!.te);
  }
  const duration = Math.max(0, ...ef.values());
  const lf = new Map<TaskId, number>();
  const ls = new Map<TaskId, number>();
  for (const id of [...order].reverse()) {
    const finish = Math.min(duration, ...succ.get(id)!.map((s) => ls.get(s)!));
    lf.set(id, finish);
    ls.set(id, finish - est.get(id)!.te);
  }

  const byId = new Map<TaskId, PertTask>();
  for (const t of tasks) {
    const { te, sd } = est.get(t.id)!;
    const slack = ls.get(t.id)! - es.get(t.id)!;
    byId.set(t.id, {
      id: t.id,
      te,
      sd,
      variance: sd * sd,
      es: es.get(t.id)!,
      ef: ef.get(t.id)!,
      ls: ls.get(t.id)!,
      lf: lf.get(t.id)!,
      slack: Math.abs(slack) < EPSILON ? 0 : slack,
      critical: Math.abs(slack) < EPSILON,
    });
  }

  // the critical chain of largest variance: critical tasks linked where one finishes exactly when the next starts
  const best = new Map<TaskId, { variance: number; prev: TaskId | null }>();
  for (const id of order) {
    const t = byId.get(id)!;
    if (!t.critical) continue;
    let chosen: { variance: number; prev: TaskId | null } = { variance: t.variance, prev: null };
    for (const p of preds.get(id)!) {
      const from = best.get(p);
      if (!from || Math.abs(byId.get(p)!.ef - t.es) > EPSILON) continue;
      if (chosen.prev === null || from.variance + t.variance > chosen.variance) chosen = { variance: from.variance + t.variance, prev: p };
    }
    best.set(id, chosen);
  }
  let end: TaskId | null = null;
  for (const id of order) {
    const t = byId.get(id)!;
    const b = best.get(id);
    if (!b || Math.abs(t.ef - duration) > EPSILON) continue;
    if (end === null || b.variance > best.get(end)!.variance) end = id;
  }
  const criticalPath: TaskId[] = [];
  for (let at = end; at !== null; at = best.get(at)!.prev) criticalPath.unshift(at);
  const variance = criticalPath.reduce<number>((s, id) => s + byId.get(id)!.variance, 0);
  return { tasks: tasks.map((t) => byId.get(t.id)!), byId, duration, variance, sd: Math.sqrt(variance), criticalPath };
}

/** The standard normal distribution function Φ(z) (Abramowitz & Stegun 7.1.26 erf: error below 1.5e-7). */
export function normalCdf(z: number): number {
  const x = Math.abs(z) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * x);
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))));
  const erf = 1 - poly * Math.exp(-x * x);
  return z >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** The probability of finishing within `target` (same unit as the durations), by the normal approximation. */
export function probabilityBy(result: Pick<PertResult, 'duration' | 'sd'>, target: number): number {
  if (result.sd < EPSILON) return target + EPSILON >= result.duration ? 1 : 0;
  return normalCdf((target - result.duration) / result.sd);
}
