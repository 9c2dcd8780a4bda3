/**
 * A throwaway PostgreSQL 15 cluster of one's own, on a free port: for a test that stops or restarts its
 * database (which would disturb every other file on the shared one of postgres.ts), and for the benchmark.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

export const PG_BIN = process.env.BENCH_PG_BIN ?? '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

export const postgresInstalled = () => existsSync(path.join(PG_BIN, 'initdb'));

/** initdb refuses to run as root: then run the binaries as the postgres user. */
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

export interface PgCluster {
  /** postgres://postgres@127.0.0.1:port/postgres */
  url: string;
  port: number;
  /** pg_ctl stop -m fast: sessions are ended, transactions in flight rolled back. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server (if running) and deletes its folder. */
  dispose(): Promise<void>;
}

/**
 * `durable`: PostgreSQL's default durability (fsync, synchronous commit), as a real install runs; otherwise
 * off, for speed, as the test suite's shared server.
 */
export async function startPgCluster({ durable = false, prefix = 'flujos-pg-' } = {}): Promise<PgCluster> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  if (isRoot) {
    const { stdout: uid } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(uid.trim()), Number(gid.trim()));
  }
  const port = await freePort();
  const options = [`-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c max_connections=200`];
  if (!durable) options.push('-c fsync=off -c synchronous_commit=off -c full_page_writes=off');
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-l', log, '-o', options.join(' '), '-w', 'start']);
  };
  const dispose = async () => {
    await stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    await start();
  } catch (err) {
    await dispose();
    throw err;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, port, stop, start, dispose };
}
