/**
 * PGlite has no autovacuum; the server does its job for the tables it writes (server/db/upkeep.ts): after
 * enough writes the table is vacuumed and analyzed, so the planner's row count follows the data.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSignedIn } from '../support/server';

const pglite = { name: 'pglite' as const, available: true };

describe('table upkeep on PGlite', () => {
  let ctx: Awaited<ReturnType<typeof startSignedIn>>;
  beforeAll(async () => {
    ctx = await startSignedIn(pglite);
  });
  afterAll(() => ctx?.srv.close());

  const plannerRows = async (table: string) => {
    const { rows } = await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = ${table}`.execute(ctx.db as Kysely<any>);
    return rows[0].n;
  };

  it('vacuums and analyzes a table once it has taken 500 changes, so estimates follow the data', async () => {
    const before = await plannerRows('articulo');
    expect(before).toBeLessThan(1); // never analyzed: -1 (or 0)
    for (let i = 0; i < 520; i++) {
      const res = await ctx.client.post('/api/articulo/save', { nombre: `Artículo ${i}`, ubicaciones: [{ nombre: 'Central' }] }, ctx.admin);
      expect(res.status).toBe(200);
    }
    // it runs a second after the 500th change: by then at least 500 rows are there
    await expect.poll(() => plannerRows('articulo'), { timeout: 15_000, interval: 250 }).toBeGreaterThanOrEqual(500);
    expect(await plannerRows('articulo')).toBeLessThanOrEqual(520);
    // the child table has its own count: one location per save
    await expect.poll(() => plannerRows('articulo__ubicaciones'), { timeout: 15_000, interval: 250 }).toBeGreaterThanOrEqual(500);
  });
});
