/** Opens the database: PostgreSQL when a `postgres://` URL is given, else embedded PGlite (a folder or memory). */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
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
}

export function describeTarget(target: DbTarget): string {
  if (target.databaseUrl) return `PostgreSQL ${redact(target.databaseUrl)}`;
  return target.dataDir === MEMORY ? 'PGlite in memory' : `PGlite in ${path.resolve(target.dataDir)}`;
}

/** `onPoolError` hears errors of PostgreSQL connections, idle or in use (a restarted server); without a listener they would end the process. */
export async function connect(target: DbTarget, onPoolError: (err: Error) => void = () => {}): Promise<Kysely<Database>> {
  if (target.databaseUrl) {
    const pool = new pg.Pool({ connectionString: target.databaseUrl, max: 10, types: { getTypeParser } });
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
  let pglite: PGlite;
  if (target.dataDir === MEMORY) {
    pglite = new PGlite({ extensions, parsers });
  } else {
    const dir = path.resolve(target.dataDir);
    await mkdir(dir, { recursive: true });
    pglite = new PGlite(dir, { extensions, parsers });
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
