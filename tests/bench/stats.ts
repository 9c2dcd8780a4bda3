/** Small helpers of the benchmark: percentiles, budgets, durations, logging. */

/** Nearest-rank percentile (p in 0..100) of unsorted samples; NaN when there are none. */
export function percentile(samples: readonly number[], p: number): number {
  if (!samples.length) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1];
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    p50: round(percentile(samples, 50)),
    p95: round(percentile(samples, 95)),
    p99: round(percentile(samples, 99)),
    max: round(samples.length ? Math.max(...samples) : Number.NaN),
  };
}

export const round = (v: number, digits = 2) => (Number.isFinite(v) ? Number(v.toFixed(digits)) : v);

/** A budget: the figure must stay at or below `limit` (in `unit`). */
export interface Budget {
  name: string;
  limit: number;
  unit: string;
  value: number | null;
  /** MET / MISSED, or NOT MEASURED (with why) when the figure could not be taken. */
  status: 'MET' | 'MISSED' | 'NOT MEASURED';
  note?: string;
  /** The figure must reach the limit (a throughput), not stay under it. */
  atLeast?: boolean;
}

export function budget(name: string, limit: number, unit: string, value: number | null | undefined, note?: string, atLeast = false): Budget {
  const floor = atLeast ? { atLeast } : {};
  if (value == null || !Number.isFinite(value)) return { name, limit, unit, value: null, status: 'NOT MEASURED', note, ...floor };
  return { name, limit, unit, value: round(value), status: (atLeast ? value >= limit : value <= limit) ? 'MET' : 'MISSED', note, ...floor };
}

export const fmt = (v: number | null | undefined, digits = 1) =>
  v == null || !Number.isFinite(v) ? '-' : v >= 1000 ? v.toFixed(0) : v.toFixed(digits);

/** Fixed-width text table. */
export function table(headers: string[], rows: (string | number)[][]): string {
  const cells = [headers, ...rows.map((r) => r.map(String))];
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

const started = Date.now();
export function log(message: string) {
  const s = ((Date.now() - started) / 1000).toFixed(1).padStart(6);
  console.log(`[bench ${s}s] ${message}`);
}

export async function timed<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const t0 = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - t0 };
}
