/**
 * What a list's pattern finds (issue 17; engine/text/search.ts): every typed word starts a word of the entity's
 * search fields, in any order, case and accents ignored; codes with or without their dashes; parties by CUIT
 * and e-mail; text in Spanish order on every page. The database's words are the engine's words.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { searchWords, sortKey } from '../../engine/text/search';
import { demoCuit } from '../../scripts/seed-demo';
import { EXPAND_UP_TO, searchVector, wordTable } from '../../server/entities/search';
import { syncSearch } from '../../server/entities/search-index';
import { describeBackends, startSignedIn, type Api, type TestServer } from '../support/server';

const NAMES = ['Hotel', 'Héctor', 'hacha', 'Martín', 'María', 'marco', 'Ñandú', 'Nube', 'oso', 'Ríos', 'rio', 'Álvarez', 'alba', 'Zapata', 'Nuñez', 'Nunez'];

describeBackends('search patterns', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let db: Kysely<any>;
  const post = (path: string, body: unknown) => client.post(`/api/${path}`, body, admin);
  const find = async (entity: string, pattern: string, extra: Record<string, unknown> = {}) => {
    const res = await post(`${entity}/index`, { pattern, max: 100, ...extra });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.rows as Record<string, unknown>[];
  };
  const names = async (entity: string, pattern: string) => (await find(entity, pattern)).map((r) => r.nombre).sort();

  beforeAll(async () => {
    ({ srv, client, admin, db } = await startSignedIn(backend));
    for (const [i, nombre] of NAMES.entries()) {
      const res = await post('perfil/save', {
        nombre,
        apellido: i % 2 ? 'Gómez' : 'Pérez',
        identificador: `CLI-${String(i + 1).padStart(4, '0')}`,
        datos_fiscales: { cuit: demoCuit('20', 30_000_000 + i * 7) },
        contactos: [{ nombre, email: `${nombre.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()}.contacto${i}@ejemplo.com.ar` }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    for (const nombre of ['Canilla esférica 1/2" cromada', 'Mesa de roble 120 cm', 'Mesa de pino', 'Silla de roble', 'Tornillo galvanizado 6 mm'])
      expect((await post('articulo/save', { nombre, codigo_interno: `A-${nombre.length}-${nombre.slice(0, 3)}` })).status).toBe(200);
  });
  afterAll(() => srv?.close());

  it('ignores accents and case, in the pattern and in the data', async () => {
    expect(await names('perfil', 'rios')).toEqual(['Ríos']);
    expect(await names('perfil', 'RÍO')).toEqual(['Ríos', 'rio']);
    expect(await names('articulo', 'canilla esferica')).toEqual(['Canilla esférica 1/2" cromada']);
    expect(await names('articulo', 'CANILLA ESFÉRICA')).toEqual(['Canilla esférica 1/2" cromada']);
    expect(await names('perfil', 'nunez')).toEqual(['Nunez', 'Nuñez']);
  });

  it('takes the words in any order, each the start of a word', async () => {
    expect(await names('articulo', 'roble mesa')).toEqual(['Mesa de roble 120 cm']);
    expect(await names('articulo', 'de rob')).toEqual(['Mesa de roble 120 cm', 'Silla de roble']);
    expect(await names('articulo', 'mes')).toEqual(['Mesa de pino', 'Mesa de roble 120 cm']);
    expect(await names('articulo', 'oble')).toEqual([]);
    expect(await names('articulo', 'mesa roble pino')).toEqual([]);
    expect(await names('articulo', 'galv 6 mm torn')).toEqual(['Tornillo galvanizado 6 mm']);
  });

  it('finds a party by its CUIT with or without dashes, by part of it, and by e-mail', async () => {
    const cuit = demoCuit('20', 30_000_000 + 9 * 7);
    const digits = cuit.replaceAll('-', '');
    for (const pattern of [cuit, digits, digits.slice(0, 4), cuit.split('-')[1]]) expect(await names('perfil', pattern), pattern).toContain('Ríos');
    expect(await names('perfil', 'ríos.contacto9@ejemplo.com.ar')).toEqual(['Ríos']);
    expect(await names('perfil', 'contacto9')).toEqual(['Ríos']);
    expect(await names('perfil', 'ejemplo.com')).toHaveLength(NAMES.length);
    // a number with leading zeros by the number: "CLI-0010" by "10"
    expect(await names('perfil', '10')).toEqual(['Ríos']);
    expect(await names('perfil', '0010')).toEqual(['Ríos']);
  });

  it('searches the same fields in select as in the list', async () => {
    const res = await post('perfil/select', { pattern: 'rios gomez' });
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { name: string }) => r.name)).toEqual(['Ríos Gómez']);
  });

  it('sorts text in Spanish order on every page, ties broken by id', async () => {
    const pages: string[] = [];
    for (let offset = 0; offset < NAMES.length; offset += 5) {
      const res = await post('perfil/index', { offset, max: 5, sort: 'nombre', sortOrder: 'asc' });
      pages.push(...res.body.rows.map((r: { nombre: string }) => r.nombre));
    }
    const expected = [...NAMES].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));
    expect(pages).toEqual(expected);
    expect(pages.slice(0, 4)).toEqual(['alba', 'Álvarez', 'hacha', 'Héctor']);
    expect(pages.indexOf('Ñandú')).toBeGreaterThan(pages.indexOf('Nunez'));
    expect(pages.indexOf('Ñandú')).toBeLessThan(pages.indexOf('oso'));
    const desc = await post('perfil/index', { offset: 0, max: 100, sort: 'nombre', sortOrder: 'desc' });
    expect(desc.body.rows.map((r: { nombre: string }) => r.nombre)).toEqual([...expected].reverse());
  });

  it('keeps the stored words equal to the engine\'s, through edits and child rows', async () => {
    const a = (await post('articulo/save', { nombre: 'Llave “francesa” 10-12 ÑANDÚ N° 007', codigo_interno: 'LL.F-010', descripcion: '¿Acero?¡Sí! ana.perez@x.com' })).body;
    const stored = async (id: number) =>
      ((await sql<{ w: string[] }>`select tsvector_to_array(_search) as w from articulo where id = ${id}`.execute(db)).rows[0].w as string[]).sort();
    // the words SQL computes row by row (core tables, calls searching fewer fields) are the engine's too
    const inSql = async (id: number) =>
      ((await sql<{ w: string[] }>`select tsvector_to_array(${searchVector(srv.handle.docs.entity('articulo'), 't')}) as w from articulo t where t.id = ${id}`.execute(db))
        .rows[0].w as string[]).sort();
    const wordsOf = (r: Record<string, unknown>) => searchWords([r.nombre, r.codigo_interno, r.codigo_externo, r.filtros, r.descripcion].filter(Boolean).join(' ')).sort();
    expect(await stored(a.id)).toEqual(wordsOf(a));
    expect(await inSql(a.id)).toEqual(wordsOf(a));
    expect(wordsOf(a)).toEqual(expect.arrayContaining(['007', '7', '010', '10', 'llf010']));
    const b = (await post(`articulo/update/${a.id}`, { ...a, nombre: 'Pinza pico de loro' })).body;
    expect(await stored(a.id)).toEqual(wordsOf(b));
    expect(await names('articulo', 'llave')).toEqual([]);
    expect(await names('articulo', 'pico loro')).toEqual(['Pinza pico de loro']);
    // a party's e-mail lives in a child row: changing it changes what finds the party
    const ana = (await find('perfil', 'alba'))[0];
    const full = (await post(`perfil/show/${ana.id}`, {})).body;
    const changed = await post(`perfil/update/${ana.id}`, { ...full, contactos: [{ ...full.contactos[0], email: 'nueva@correo.com' }] });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await names('perfil', 'nueva@correo')).toEqual(['alba']);
    expect(await names('perfil', 'alba.contacto13')).toEqual([]);
    // an edit of fields no pattern reads leaves the row's word tokens as they were; a new name replaces them
    const tokens = async (id: number) => (await sql<{ token: string; sk: string }>`select token, sk from _search_articulo where id = ${id} order by token`.execute(db)).rows;
    const before = await tokens(a.id);
    expect(before.length).toBeGreaterThan(0);
    const c = (await post(`articulo/update/${a.id}`, { ...b, alicuota_iva: 10.5 })).body;
    expect(c.version).toBe(b.version + 1);
    expect(await tokens(a.id)).toEqual(before);
    expect(await names('articulo', 'pinza loro')).toEqual(['Pinza pico de loro']);
    await post(`articulo/update/${a.id}`, { ...c, nombre: 'Tenaza' });
    expect((await tokens(a.id)).map((t) => t.token)).toContain('ten');
    expect((await tokens(a.id)).map((t) => t.token)).not.toContain('pin');
    expect(await names('articulo', 'pinza')).toEqual([]);
    expect(await names('articulo', 'tenaza')).toEqual(['Tenaza']);
    await post(`articulo/delete/${a.id}`, {});
    expect(await names('articulo', 'pico loro')).toEqual([]);
    expect(await tokens(a.id)).toEqual([]);
  });

  it('answers a term by the words it starts, whether few or many, and keeps the word table after an upgrade', async () => {
    // more words start "qz" than a term is expanded to: it stays a prefix, and finds them all
    const many = Array.from({ length: EXPAND_UP_TO + 3 }, (_, i) => `Qz${String(i).padStart(3, '0')} perno`);
    for (let i = 0; i < many.length; i += 10)
      await Promise.all(many.slice(i, i + 10).map(async (nombre) => expect((await post('articulo/save', { nombre })).status).toBe(200)));
    expect(await find('articulo', 'qz perno', { max: 200 })).toHaveLength(many.length);
    expect(await names('articulo', 'qz01 perno')).toEqual(many.filter((n) => n.startsWith('Qz01')));
    // a word the word table never held matches nothing, at once
    expect(await find('articulo', 'perno qzx')).toEqual([]);
    // an install from before the word table: start-up builds it from the stored words
    const table = wordTable('articulo');
    await sql`drop table ${sql.table(table)}`.execute(db);
    await syncSearch(db, srv.handle.docs.entity('articulo'));
    expect(await names('articulo', 'mesa rob')).toEqual(['Mesa de roble 120 cm']);
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where word like 'qz%'`.execute(db);
    expect(rows[0].n).toBe(many.length);
  });
});
