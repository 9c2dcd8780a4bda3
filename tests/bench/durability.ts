/**
 * Bench (issue 18): what PGlite's durability costs a save. A server process on a fresh PGlite folder, once as
 * shipped (fsync on, server/db/pglite-durable.ts) and once with PGLITE_FSYNC=off; the same sequential saves
 * (a new category each: the write pipeline with its audit and outbox rows, one commit) are timed from the client.
 * Part of `npm run bench` when PGlite is benched (BENCH_DURABILITY=0 skips it), and on its own:
 * `npx tsx tests/bench/durability.ts [saves=200]`.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pgliteStore } from './backends';
import { login, startServerProcess } from './load';
import { summarize, type Summary } from './stats';

export interface DurabilityFigure extends Summary {
  fsync: 'on' | 'off';
}

const PASSWORD = 'Bench-Admin1!';

async function savesWith(fsync: 'on' | 'off', saves: number, logDir: string): Promise<DurabilityFigure> {
  const store = await pgliteStore();
  try {
    store.env.PGLITE_FSYNC = fsync;
    const server = await startServerProcess(store, {
      adminPassword: PASSWORD,
      staticDir: '/nonexistent-flujos-dist',
      logFile: path.join(logDir, `server-durability-${fsync}.log`),
    });
    try {
      const token = await login(server.baseUrl, PASSWORD);
      const save = async (i: number) => {
        const res = await fetch(`${server.baseUrl}/api/categoria/save`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tipo: 'zona', nombre: `Durabilidad ${fsync} ${i}` }),
        });
        if (!res.ok) throw new Error(`categoria/save answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      };
      for (let i = 0; i < 10; i++) await save(-i - 1); // warm-up
      const ms: number[] = [];
      for (let i = 0; i < saves; i++) {
        const t = performance.now();
        await save(i);
        ms.push(performance.now() - t);
      }
      return { fsync, ...summarize(ms) };
    } finally {
      await server.stop();
    }
  } finally {
    await store.dispose();
  }
}

/** Both settings, fsync on first. */
export async function benchDurability(saves: number, logDir = os.tmpdir()): Promise<DurabilityFigure[]> {
  return [await savesWith('on', saves, logDir), await savesWith('off', saves, logDir)];
}

export const describeDurability = (f: DurabilityFigure) =>
  `PGlite save, fsync ${f.fsync}: p50 ${f.p50} ms, p95 ${f.p95} ms, p99 ${f.p99} ms (n=${f.n})`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const figures = await benchDurability(Number(process.argv[2] ?? 200));
  for (const f of figures) console.log(describeDurability(f));
  console.log(`fsync costs a save ${(figures[0].p95 - figures[1].p95).toFixed(2)} ms at p95 on this machine`);
}
