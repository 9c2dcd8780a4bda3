/** Opens the database: PostgreSQL when a `postgres://` URL is given, else embedded PGlite (a folder or memory). */
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { durableStartParams, DurableNodeFS, syncTree } from './pglite-durable';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './types';

export const MEMORY = 'memory://';

/**
 * numeric (money, quantities: exact in the database, server/entities/layout.ts) comes back as a JSON number:
 * its values have a few decimals, so the number's shortest form is exactly the stored decimal; code that
 * computes with them (engine/price.ts) works on those decimals, never on float arithmetic.
 */
const NUMERIC_OID = 1700;
const parseNumeric = (v: string) => Number(v);
const getTypeParser = ((oid: number, format?: 'text' | 'binary') =>
  oid === NUMERIC_OID ? parseNumeric : pg.types.getTypeParser(oid, format as 'text')) as typeof pg.types.getTypeParser;

export interface DbTarget {
  databaseUrl?: string;
  dataDir: string;
  /** PGlite in a folder: a commit is on disk before it is answered (server/db/pglite-durable.ts). Default on. */
  pgliteFsync?: boolean;
}

export function describeTarget(target: DbTarget): string {
  if (target.databaseUrl) return `PostgreSQL ${redact(target.databaseUrl)}`;
  return target.dataDir === MEMORY ? 'PGlite in memory' : `PGlite in ${path.resolve(target.dataDir)}`;
}

/**
 * Settings of every connection, after any `options` of the address: no parallel query. The app's reads are
 * short pages; a parallel plan's worker start-up costs more than the page (a 0.5 ms token walk took 49 ms as a
 * parallel plan on a busy machine), and workers compete with the other connections' requests.
 */
function sessionOptions(databaseUrl: string): string {
  let own = '';
  try {
    own = new URL(databaseUrl).searchParams.get('options') ?? '';
  } catch {
    // not a URL (a key=value string): pg reads its options itself
  }
  return [own, '-c max_parallel_workers_per_gather=0'].filter(Boolean).join(' ');
}

/**
 * PGlite runs in the server's own process, and its memory (WebAssembly) never shrinks once grown: PostgreSQL's
 * default 128 MB of shared buffers alone made a fresh server 470 MB resident before any request. These bound
 * it (the figures: README, Performance). Pages not in the buffers are read from the data folder, which the
 * operating system caches; the export of 100,000 articles took no more CPU with 16 MB than with 128 MB.
 * maintenance_work_mem bounds index builds and VACUUM (a start-up search rebuild, ./upkeep.ts): larger ones
 * sort on disk instead of growing the process for good.
 */
const EMBEDDED_SETTINGS = { shared_buffers: '16MB', maintenance_work_mem: '16MB' };

/** `onPoolError` hears errors of PostgreSQL connections, idle or in use (a restarted server); without a listener they would end the process. */
export async function connect(target: DbTarget, onPoolError: (err: Error) => void = () => {}): Promise<Kysely<Database>> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10, types: { getTypeParser }, options: sessionOptions(target.databaseUrl) });
    pool.on('error', onPoolError);
    // A connection dropped while in use (a restart, a failover, an administrator's kill) makes its client emit
    // 'error'; without a listener that ends the process. The query in flight fails (the request answers 503,
    // server/http/db-errors.ts) and the pool replaces the client when it is released.
    pool.on('connect', (client) => client.on('error', onPoolError));
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  // pg_trgm: list searches (`ILIKE '%…%'`) use trigram indexes (entities/search.ts).
  const extensions = { pg_trgm };
  const parsers = { [NUMERIC_OID]: parseNumeric };
  const settings = Object.entries(EMBEDDED_SETTINGS).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
  const startParams = [...PGlite.defaultStartParams, ...settings];
  let pglite: PGlite;
  if (target.dataDir === MEMORY) {
    pglite = new PGlite({ extensions, parsers, startParams });
  } else {
    const dir = path.resolve(target.dataDir);
    await mkdir(dir, { recursive: true });
    const release = await lockDataDir(dir);
    try {
      if (target.pgliteFsync === false) {
        pglite = new PGlite(dir, { extensions, parsers, startParams });
        await pglite.waitReady;
      } else {
        const created = !existsSync(path.join(dir, 'PG_VERSION'));
        pglite = new PGlite({ fs: new DurableNodeFS(dir), startParams: [...durableStartParams(), ...settings], extensions, parsers });
        await pglite.waitReady;
        // a new folder's files were copied in by initdb, without any fsync
        if (created) await syncTree(dir);
      }
    } catch (err) {
      await release();
      throw err;
    }
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
    const destroy = db.destroy.bind(db);
    db.destroy = async () => {
      await destroy();
      await release();
    };
    return db;
  }
  await pglite.waitReady;
  return new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
}

/** The URL without its password, for the log. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}

export const LOCK_FILE = 'flujos.lock';

/**
 * Two processes on one PGlite folder corrupt it: the folder is locked by a file holding the owner's pid, made
 * with O_EXCL. A lock whose process is gone (a crash, kill -9) is stale and taken over; a live one refuses the
 * start with a clear message. Returns the release.
 */
async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  const file = path.join(dir, LOCK_FILE);
  for (let tries = 0; tries < 3; tries++) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await unlink(file).catch(() => {});
      };
    } catch (err) {
      if ((err as { code?: string }).code !== 'EEXIST') throw err;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && alive(pid))
        throw new Error(`The data folder ${dir} is in use by another Flujos process (pid ${pid}); two processes on one folder would corrupt it. Stop it, or use another DATA_DIR.`);
      await unlink(file).catch(() => {}); // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the data folder ${dir}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as { code?: string }).code === 'EPERM';
  }
}
