/**
 * Lists past a thousand rows (server/entities/list.ts): the total becomes an estimate, flagged; a pattern is
 * answered through the search words, counted exactly, and gives the same page as a plain sort would; a page deep in the list
 * (ids from the sort index first) is the same page too. Indexes follow the metadata across a restart. The rows
 * are loaded in bulk, past the write pipeline, as an import would: the server gives them their search words.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { matchesPattern, sortKey } from '../../engine/text/search';
import { ADMIN_PASSWORD, api, describeBackends, freshStore, startTestServer, type Store, type TestServer } from '../support/server';

const ROWS = 10_000;
const SCHEMA = {
  type: 'object',
  required: ['nombre'],
  properties: {
    nombre: { type: 'string', maxLength: 60 },
    codigo: { type: 'string', maxLength: 20 },
    nota: { type: 'string', maxLength: 60 },
  },
};
const COLUMNS = { columns: ['nombre', 'codigo', { name: 'nota', sortable: false }], search: ['nombre', 'nota'] };

interface Pieza {
  id: number;
  nombre: string;
  codigo: string;
  nota: string | null;
}

/** Row i: names repeat (ties on the sort column); "perno" in 4,000 names, "tuerca 3" in 286; "arandela" in 34 notes. */
function pieza(i: number): Omit<Pieza, 'id'> {
  return {
    nombre: `${['Eje', 'Buje', 'Perno', 'Tuerca', 'Traba'][i % 5]} ${i % 7}${i % 4 === 0 ? ' perno' : ''}`,
    codigo: `P${String((i * 7919) % ROWS).padStart(5, '0')}`,
    nota: i % 300 === 0 ? 'lleva arandela' : null,
  };
}

/** The order list.ts promises: the sort column's Spanish sort key, then id. */
function sortedBy(rows: Pieza[], field: 'nombre' | 'codigo', order: 'asc' | 'desc'): Pieza[] {
  const sign = order === 'asc' ? 1 : -1;
  const cmp = (a: string, b: string) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0);
  return [...rows].sort((a, b) => sign * (cmp(a[field], b[field]) || a.id - b.id));
}
const matches = (r: Pieza, pattern: string) => matchesPattern(`${r.nombre} ${r.nota ?? ''}`, pattern);

describeBackends('lists past a thousand rows', (backend) => {
  let store: Store;
  let schemasDir: string;
  let srv: TestServer;
  let token: string;
  let all: Pieza[];
  const post = (p: string, body: unknown) => api(srv.baseUrl).post(`/api/${p}`, body, token);
  const names = (rows: Pieza[]) => rows.map((r) => `${r.id}:${r.nombre}`);

  const start = async () => {
    srv = await startTestServer(backend, { store, schemasDir });
    token = (await api(srv.baseUrl).login('admin', ADMIN_PASSWORD)).access_token;
  };

  beforeAll(async () => {
    store = await freshStore(backend, true);
    schemasDir = await mkdtemp(path.join(tmpdir(), 'flujos-schemas-'));
    await mkdir(path.join(schemasDir, 'pieza'));
    await writeFile(path.join(schemasDir, 'pieza', 'schema.json'), JSON.stringify(SCHEMA));
    await writeFile(path.join(schemasDir, 'pieza', 'columns.json'), JSON.stringify(COLUMNS));
    await start();
    const db = srv.db as unknown as Kysely<any>;
    const values = Array.from({ length: ROWS }, (_, i) => pieza(i));
    for (let i = 0; i < values.length; i += 500) await db.insertInto('pieza').values(values.slice(i, i + 500)).execute();
    // rows loaded past the pipeline get their search words at the next start
    await srv.close();
    await start();
    await sql`analyze pieza`.execute(srv.db as unknown as Kysely<any>);
    all = await (srv.db as unknown as Kysely<any>).selectFrom('pieza').select(['id', 'nombre', 'codigo', 'nota']).execute();
  }, 120_000);
  afterAll(async () => {
    await srv?.close();
    await store?.dispose();
    await rm(schemasDir, { recursive: true, force: true });
  });

  it('estimates the total past a thousand rows and says so; counts exactly below', async () => {
    const plain = await post('pieza/index', { max: 50 });
    expect(plain.status).toBe(200);
    expect(plain.body.estimated).toBe(true);
    // the planner's estimate after ANALYZE: close to the real count, never below what was counted
    expect(plain.body.total).toBeGreaterThan(1000);
    expect(Math.abs(plain.body.total - ROWS)).toBeLessThan(ROWS * 0.2);
    expect(names(plain.body.rows)).toEqual(names(sortedBy(all, 'nombre', 'asc').slice(0, 50)));
    // past the last page: no row, the same kind of total
    const past = await post('pieza/index', { offset: ROWS + 10, max: 50 });
    expect(past.body).toMatchObject({ rows: [], estimated: true });
    expect(Math.abs(past.body.total - ROWS)).toBeLessThan(ROWS * 0.2);
    // a filter: exact below a thousand, even on a full page; the planner's estimate above, never below the count
    const coded = all.filter((r) => r.codigo.includes('P001'));
    expect(coded).toHaveLength(100);
    const filtered = await post('pieza/index', { filters: { codigo: 'p001' }, sort: 'codigo', max: 50 });
    expect(filtered.body).not.toHaveProperty('estimated');
    expect(filtered.body.total).toBe(100);
    expect(names(filtered.body.rows)).toEqual(names(sortedBy(coded, 'codigo', 'asc').slice(0, 50)));
    const broad = await post('pieza/index', { filters: { codigo: 'P0' }, max: 50 });
    expect(broad.body.estimated).toBe(true);
    expect(broad.body.total).toBeGreaterThan(1000);

    const few = await post('pieza/index', { pattern: 'tuerca 3', sort: 'codigo', max: 1000 });
    const matching = all.filter((r) => matches(r, 'tuerca 3'));
    expect(matching).toHaveLength(286);
    expect(few.body).not.toHaveProperty('estimated');
    expect(few.body.total).toBe(matching.length);
    expect(names(few.body.rows)).toEqual(names(sortedBy(matching, 'codigo', 'asc')));

    const select = await post('pieza/select', { pattern: 'arandela' });
    expect(select.body.total).toBe(34); // select searches the search fields, as the list does
    const inNote = await post('pieza/index', { pattern: 'ARANDELA' });
    expect(inNote.body.total).toBe(34);
  });

  it('gives the same pages with a pattern as filtering the sorted list would, at any offset', async () => {
    // a narrow pattern: its matches are read first (GIN index), sorted, and counted exactly in the same read
    const narrow = sortedBy(all.filter((r) => matches(r, 'tuerca 3')), 'nombre', 'desc');
    for (const offset of [0, 100, narrow.length - 20]) {
      const page = await post('pieza/index', { pattern: 'tuerca 3', sort: 'nombre', sortOrder: 'desc', offset, max: 50 });
      expect(page.body).not.toHaveProperty('estimated');
      expect(page.body.total).toBe(narrow.length);
      expect(names(page.body.rows)).toEqual(names(narrow.slice(offset, offset + 50)));
    }
    // more matches (500): only their ids and sort keys are kept, and the page's rows read after; the same pages
    const more = sortedBy(all.filter((r) => matches(r, 'eje perno')), 'nombre', 'asc');
    expect(more.length).toBe(500);
    for (const offset of [0, 460]) {
      const page = await post('pieza/index', { pattern: 'perno eje', sort: 'nombre', offset, max: 50 });
      expect(page.body).toMatchObject({ total: 500 });
      expect(page.body.rows).toEqual(more.slice(offset, offset + 50).map((r) => expect.objectContaining(r)));
    }
    // a broad one in the default order: read in order from the token table, a page at a time; the total is the
    // planner's estimate until the last page, which says how many there were
    const matching = sortedBy(all.filter((r) => matches(r, 'perno')), 'nombre', 'desc');
    expect(matching.length).toBe(4000);
    for (const offset of [0, 480, matching.length - 20]) {
      const page = await post('pieza/index', { pattern: 'PERNO', sort: 'nombre', sortOrder: 'desc', offset, max: 50 });
      expect(names(page.body.rows)).toEqual(names(matching.slice(offset, offset + 50)));
      if (offset + 50 < matching.length) {
        expect(page.body.estimated).toBe(true);
        expect(Math.abs(page.body.total - matching.length)).toBeLessThan(matching.length * 0.25);
      } else expect(page.body).toMatchObject({ total: matching.length });
    }
    // in another order, the sort index is walked with the pattern as a filter
    const byCode = sortedBy(all.filter((r) => matches(r, 'perno')), 'codigo', 'asc');
    for (const offset of [0, 1200]) {
      const page = await post('pieza/index', { pattern: 'perno', sort: 'codigo', offset, max: 50 });
      expect(names(page.body.rows)).toEqual(names(byCode.slice(offset, offset + 50)));
    }
    const past = await post('pieza/index', { pattern: 'perno', offset: matching.length + 10 });
    expect(past.body).toMatchObject({ estimated: true, rows: [] });
    expect(past.body.total).toBeGreaterThan(1000);
    // punctuation separates words: "Eje_3" is "Eje 3"; a word must start a word ("je" starts none)
    const eje3 = (await post('pieza/index', { pattern: 'Eje 3', max: 1000 })).body;
    expect((await post('pieza/index', { pattern: 'Eje_3', max: 1000 })).body).toEqual(eje3);
    expect(eje3.total).toBe(all.filter((r) => matches(r, 'eje 3')).length);
    expect((await post('pieza/index', { pattern: 'je' })).body.total).toBe(0);
  });

  it('gives the right page deep in the list, in both directions, and pages that never overlap', async () => {
    for (const sortOrder of ['asc', 'desc'] as const) {
      const expected = sortedBy(all, 'nombre', sortOrder);
      const deep = await post('pieza/index', { sort: 'nombre', sortOrder, offset: 2500, max: 100 });
      expect(names(deep.body.rows)).toEqual(names(expected.slice(2500, 2600)));
    }
    const seen = new Set<number>();
    for (let offset = 0; offset < ROWS + 1000; offset += 1000) {
      const page = await post('pieza/index', { sort: 'codigo', offset, max: 1000 });
      for (const r of page.body.rows as Pieza[]) seen.add(r.id);
      if (page.body.rows.length < 1000) break;
    }
    expect(seen.size).toBe(ROWS);
  });

  it('answers patterns through the search index, and keeps indexes in line with the metadata across a restart', async () => {
    const db = () => srv.db as unknown as Kysely<any>;
    const indexes = async () => {
      const { rows } = await sql<{ indexname: string; indexdef: string }>`
        select indexname, indexdef from pg_indexes where tablename = 'pieza'`.execute(db());
      return rows;
    };
    const before = await indexes();
    expect(before.filter((i) => /using gin \(_search\)/i.test(i.indexdef))).toHaveLength(1);
    // sortable text columns are indexed by their sort key, then id
    expect(before.filter((i) => /_sk_[0-9a-f]{8}$/.test(i.indexname))).toHaveLength(2);
    expect((await post('pieza/index', { pattern: all[17].codigo })).body.rows).toEqual([]);

    // an index of an earlier release (one column), a trigram one, and one made by hand
    await sql`create index pieza_nombre_idx on pieza (nombre)`.execute(db());
    await sql`create index pieza_nombre_id_idx on pieza (nombre, id)`.execute(db());
    await sql`create index pieza_a_mano on pieza (nota)`.execute(db());
    await srv.close();
    await writeFile(path.join(schemasDir, 'pieza', 'columns.json'), JSON.stringify({ ...COLUMNS, search: ['nombre', 'codigo'] }));
    await start();
    const names = (await indexes()).map((i) => i.indexname);
    expect(names).not.toContain('pieza_nombre_idx');
    expect(names).not.toContain('pieza_nombre_id_idx');
    expect(names).toContain('pieza_a_mano');
    // the search words were rebuilt for the new fields
    expect((await post('pieza/index', { pattern: all[17].codigo })).body.rows.map((r: Pieza) => r.id)).toEqual([all[17].id]);
    expect((await post('pieza/index', { pattern: 'arandela' })).body.total).toBe(0);

    // a code fragment rarer than every common word: its matches are counted, so the total is exact, not a guess
    await sql`analyze pieza`.execute(db());
    const fragment = all.filter((r) => matchesPattern(r.codigo, 'p001'));
    expect(fragment).toHaveLength(100);
    const page = (await post('pieza/index', { pattern: 'P001', max: 50 })).body;
    expect(page).not.toHaveProperty('estimated');
    expect(page.total).toBe(100);
    expect(page.rows.map((r: Pieza) => r.id)).toEqual(sortedBy(fragment, 'nombre', 'asc').slice(0, 50).map((r) => r.id));
  });

  it('takes a save\'s words into the search index at once, with no pending list every search must read, also on an index an earlier release made', async () => {
    const db = () => srv.db as unknown as Kysely<any>;
    const ginOptions = async () =>
      (await sql<{ o: string[] | null }>`select reloptions as o from pg_class where relname = 'pieza__search_gin'`.execute(db())).rows[0].o ?? [];
    expect(await ginOptions()).toContain('fastupdate=off');
    // an index made with PostgreSQL's default keeps new words in a pending list until a vacuum
    await sql`alter index pieza__search_gin reset (fastupdate)`.execute(db());
    const saved = await post('pieza/save', { nombre: 'Zócalo pendiente', codigo: 'ZP-1' });
    expect(saved.status).toBe(200);
    await srv.close();
    await start();
    expect(await ginOptions()).toContain('fastupdate=off');
    // the words that waited in the pending list were merged into the index, not lost
    const found = (await post('pieza/index', { pattern: 'zocalo pend' })).body;
    expect(found.rows.map((r: Pieza) => r.id)).toEqual([saved.body.id]);
  });
});
