/**
 * The records part of the bench (issue 11): a process with one activity and a verified flow over it, made
 * through the server's own API (in process, as the administrator), then N records of that activity written
 * set-based (INSERT … SELECT FROM generate_series) with VACUUM ANALYZE after, so the list of an activity is
 * measured on a realistic table. The load cases save a record of 50 items (every item priced by the server)
 * and read the first page of the activity's list, as the record list screen asks for it.
 */
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { ServerHandle } from '../../server/app';
import type { LoadCase } from './load';
import { log } from './stats';

export interface RecordsSetup {
  flujo: number;
  actividad: number;
  records: number;
  ms: number;
}

async function call(handle: ServerHandle, token: string, url: string, body: object): Promise<Record<string, any>> {
  const res = await handle.app.inject({ method: 'POST', url: `/api/${url}`, payload: body, headers: { authorization: `Bearer ${token}` } });
  if (res.statusCode !== 200) throw new Error(`bench records: ${url} answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return res.json();
}

export async function seedRecords(handle: ServerHandle, adminPassword: string, count: number, batch = 100_000): Promise<RecordsSetup> {
  const t0 = performance.now();
  const login = await handle.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: adminPassword } });
  const token = (login.json() as { access_token: string }).access_token;
  const proceso = (await call(handle, token, 'proceso/save', { titulo: 'Ventas (bench)' })).id;
  const actividad = (await call(handle, token, 'actividad/save', { proceso, titulo: 'Pedido (bench)', adjuntos: 'opcional' })).id;
  const flujo = (
    await call(handle, token, 'flujo/save', {
      nombre: 'Ventas (bench)',
      nodos: [{ clave: 'i', tipo: 'inicio' }, { clave: 'a', tipo: 'actividad', actividad }, { clave: 'f', tipo: 'fin' }],
      conexiones: [{ desde: 'i', hacia: 'a' }, { desde: 'a', hacia: 'f' }],
    })
  ).id;
  await call(handle, token, `flujo/verify/${flujo}`, {});
  const db = handle.db as unknown as Kysely<any>;
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await sql`
      insert into registro (numero, numero_valor, fecha, estado, flujo, actividad, nodo, pila, referencia_texto, subtotal, impuestos, total)
      select 'B-' || lpad(i::text, 7, '0'), i, to_char(date '2025-01-01' + (i % 700), 'YYYY-MM-DD'), 'abierto', ${flujo}, ${actividad}, 'a',
             '{"pasos":[]}'::jsonb, 'Pedido de prueba ' || i, 1000 + i % 997, '{"lineas":[]}'::jsonb, round((1000 + i % 997) * 1.21, 2)
      from generate_series(${sql.lit(from)}, ${sql.lit(to)}) i`.execute(db);
    log(`  seed: ${to.toLocaleString('en')} / ${count.toLocaleString('en')} records`);
  }
  await sql`vacuum analyze registro`.execute(db);
  return { flujo, actividad, records: count, ms: performance.now() - t0 };
}

/**
 * Statements (round trips) one save of the bench's 50-item record sends, counted at the PostgreSQL driver in
 * this process; null on PGlite. Each is a wait on the database: on a loaded machine they are most of a save.
 */
export async function saveStatements(handle: ServerHandle, adminPassword: string, setup: RecordsSetup, articles: number): Promise<number | null> {
  const login = await handle.app.inject({ method: 'POST', url: '/api/login', payload: { username: 'admin', password: adminPassword } });
  const token = (login.json() as { access_token: string }).access_token;
  const { body } = recordCases(setup, articles)[0].request(0);
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const query = proto.query;
  // per connection: the save runs on one (its transaction); background work of the server uses others
  const counts = new Map<unknown, number>();
  proto.query = function (this: unknown, ...args: unknown[]) {
    counts.set(this, (counts.get(this) ?? 0) + 1);
    return query.apply(this, args);
  };
  try {
    await call(handle, token, 'registro/save', body!);
  } finally {
    proto.query = query;
  }
  // PGlite runs in this process without the driver
  return counts.size ? Math.max(...counts.values()) : null;
}

/** Saving a record of 50 items (typed prices, VAT from each article) and the first page of the activity's list. */
export function recordCases(setup: Pick<RecordsSetup, 'flujo' | 'actividad'>, articles: number): LoadCase[] {
  const items = Array.from({ length: 50 }, (_, i) => ({ articulo: 1 + ((i * 7919) % Math.max(1, articles)), cantidad: 1 + (i % 9), precio_unitario: 100 + i * 3.25, ajuste: i % 5 === 0 ? -5 : null }));
  return [
    {
      key: 'record-save-50',
      label: 'registro/save: a record of 50 items',
      request: () => ({ path: '/api/registro/save', body: { flujo: setup.flujo, actividad: setup.actividad, fecha: '2026-11-24', items } }),
    },
    {
      key: 'record-index-activity',
      label: 'registro/index: 1st page of an activity',
      request: () => ({
        path: '/api/registro/index',
        body: { pattern: '', offset: 0, max: 50, sort: 'fecha', sortOrder: 'desc', filters: { flujo: setup.flujo, actividad: setup.actividad } },
      }),
    },
  ];
}
