/**
 * Where the benchmark keeps its data: PGlite in a temp folder, or a throwaway PostgreSQL 15 cluster
 * (tests/support/pg-cluster.ts with PostgreSQL's default durability: fsync and synchronous_commit stay on,
 * so `save` is measured as a real install would run it).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, PG_BIN, postgresInstalled, startPgCluster } from '../support/pg-cluster';

export { freePort, PG_BIN };

export type BackendName = 'pglite' | 'postgres';

export interface BenchStore {
  backend: BackendName;
  /** What the server gets: DATA_DIR or DATABASE_URL. */
  env: Record<string, string>;
  /** For buildServer in the bench process (seeding). */
  options: { dataDir: string; databaseUrl?: string };
  describe: string;
  dispose(): Promise<void>;
}

export const postgresAvailable = postgresInstalled;

export function warnPostgresSkipped() {
  const line = '!'.repeat(78);
  console.warn(
    [
      '',
      line,
      `!!  PostgreSQL binaries not found (${PG_BIN}/initdb):`,
      '!!  the PostgreSQL half of the benchmark is SKIPPED.',
      '!!  Install them with: apt-get install -y postgresql   (or set BENCH_PG_BIN)',
      line,
      '',
    ].join('\n'),
  );
}

export async function pgliteStore(): Promise<BenchStore> {
  const dir = await mkdtemp(path.join(tmpdir(), 'flujos-bench-pglite-'));
  return {
    backend: 'pglite',
    env: { DATA_DIR: dir },
    options: { dataDir: dir },
    describe: `PGlite in ${dir}`,
    dispose: () => rm(dir, { recursive: true, force: true }),
  };
}

/** A fresh cluster on a free port; the caller must dispose it (stops the server and deletes the folder). */
export async function postgresStore(): Promise<BenchStore> {
  const cluster = await startPgCluster({ durable: true, prefix: 'flujos-bench-pg-' });
  return {
    backend: 'postgres',
    env: { DATABASE_URL: cluster.url },
    options: { dataDir: path.join(tmpdir(), 'flujos-bench-unused'), databaseUrl: cluster.url },
    describe: `PostgreSQL 15 (default settings) at 127.0.0.1:${cluster.port}`,
    dispose: cluster.dispose,
  };
}
