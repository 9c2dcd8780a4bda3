/**
 * Where the benchmark keeps its data: PGlite in a temp folder, or a throwaway PostgreSQL 15 cluster
 * (the same start / stop as tests/support/postgres.ts, but with PostgreSQL's default durability:
 * fsync and synchronous_commit stay on, so `save` is measured as a real install would run it).
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

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

export const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

function pg(binary: string, args: string[]) {
  const file = path.join(PG_BIN, binary);
  return isRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

export const postgresAvailable = () => existsSync(path.join(PG_BIN, 'initdb'));

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
  const dir = await mkdtemp(path.join(tmpdir(), 'flujos-bench-pg-'));
  const data = path.join(dir, 'data');
  if (isRoot) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(uid.trim()), Number(gid.trim()));
  }
  const dispose = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    const port = await freePort();
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir}`;
    await pg('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    return {
      backend: 'postgres',
      env: { DATABASE_URL: url },
      options: { dataDir: path.join(dir, 'unused'), databaseUrl: url },
      describe: `PostgreSQL 15 (default settings) at 127.0.0.1:${port}`,
      dispose,
    };
  } catch (err) {
    await dispose();
    throw err;
  }
}
