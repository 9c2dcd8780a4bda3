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

  it('counts a table\'s rows from the database at start: one already holding rows waits for 10 % of them', async () => {
    const other = await startSignedIn(pglite);
    try {
      const db = other.db as Kysely<any>;
      await sql`insert into articulo (nombre, activo) select 'Existente ' || i, true from generate_series(1, 6000) i`.execute(db);
      await sql`analyze articulo`.execute(db);
      const counted = async () => (await sql<{ n: number }>`select reltuples::float8 as n from pg_class where relname = 'articulo'`.execute(db)).rows[0].n;
      const save = async (i: number) => expect((await other.client.post('/api/articulo/save', { nombre: `Nuevo ${i}`, ubicaciones: [{ nombre: 'Central' }] }, other.admin)).status).toBe(200);
      for (let i = 0; i < 520; i++) await save(i);
      // 500 changes are not 500 + 10 % of 6,000: nothing runs (it used to, after every start, as if the table were empty)
      await new Promise((r) => setTimeout(r, 2500));
      expect(await counted()).toBe(6000);
      for (let i = 520; i < 1120; i++) await save(i);
      await expect.poll(counted, { timeout: 15_000, interval: 250 }).toBeGreaterThanOrEqual(7100);
    } finally {
      await other.srv.close();
    }
  });
});
