/**
 * vitest globalSetup of the 'api' project: a throwaway PostgreSQL 15 for the run, shared through
 * `inject('postgresUrl')`. Each test file creates its own database in it (see server.ts).
 * Without the binaries the PostgreSQL half of the suite is skipped, loudly.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** postgres://… of the throwaway server; undefined when PostgreSQL is not installed. */
    postgresUrl: string | undefined;
  }
}

const BIN = '/usr/lib/postgresql/15/bin';
const run = promisify(execFile);
const isRoot = process.getuid?.() === 0;

/** initdb refuses to run as root: then run the binaries as the postgres user. */
function pg(binary: string, args: string[]) {
  const file = path.join(BIN, binary);
  return isRoot ? run('runuser', ['-u', 'postgres', '--', file, ...args]) : run(file, args);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function warnSkipped() {
  const line = '!'.repeat(78);
  console.warn(
    [
      '',
      line,
      `!!  PostgreSQL binaries not found (${BIN}/initdb):`,
      '!!  the PostgreSQL half of the API suite is SKIPPED.',
      '!!  Install them with: apt-get install -y postgresql',
      line,
      '',
    ].join('\n'),
  );
}

export default async function setup(project: TestProject) {
  if (!existsSync(path.join(BIN, 'initdb'))) {
    warnSkipped();
    project.provide('postgresUrl', undefined);
    return;
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'flujos-pg-'));
  const data = path.join(dir, 'data');
  const log = path.join(dir, 'log');
  if (isRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']).catch(() => {});
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await pg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
    const port = await freePort();
    const options = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`;
    await pg('pg_ctl', ['-D', data, '-l', log, '-o', options, '-w', 'start']);
    project.provide('postgresUrl', `postgres://postgres@127.0.0.1:${port}/postgres`);
  } catch (err) {
    await stop();
    throw err;
  }
  return stop;
}
