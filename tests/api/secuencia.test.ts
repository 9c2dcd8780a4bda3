/**
 * Sequences (spec §2 secuenciasConfig): numbers taken atomically in the caller's transaction — no number
 * twice, none missing, a rolled-back transaction gives its number back — yearly reset, formatting, the
 * `secuencia/next/{id}` call and the unique nombre.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSequence, nextNumber } from '../../server/entities/secuencia/numbers';
import { SYSTEM_ACTOR, type DocContext } from '../../server/documents/types';
import { ADMIN_PASSWORD, api, createUser, describeBackends, startTestServer, type Api, type TestServer, startSignedIn } from '../support/server';

describe('formatSequence', () => {
  it('puts the prefix before the zero-padded value and never cuts', () => {
    expect(formatSequence('FA-', 8, 42)).toBe('FA-00000042');
    expect(formatSequence(null, 0, 7)).toBe('7');
    expect(formatSequence('R', 2, 12345)).toBe('R12345');
    expect(formatSequence(undefined, null, 3)).toBe('3');
  });
});

/** Runs `task` for 0..n-1 with at most `width` at a time. */
async function pool<T>(n: number, width: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < n) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

describeBackends('secuencia', (backend) => {
  let srv: TestServer;
  let client: Api;
  let admin: string;
  let plain: string;
  let db: Kysely<any>;
  /** A transaction of the server's document service, as the server itself takes numbers in a record's save. */
  const inTransaction = <T>(fn: (ctx: DocContext) => Promise<T>) => srv.handle.docs.transaction(SYSTEM_ACTOR, { info() {}, warn() {}, error() {} }, fn);
  const post = (path: string, body: unknown = {}, token = admin) => client.post(`/api/${path}`, body, token);
  const save = async (record: Record<string, unknown>) => {
    const res = await post('secuencia/save', record);
    if (res.status !== 200) throw new Error(`secuencia/save answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  };
  const stored = (id: number) => db.selectFrom('secuencia').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    ({ srv, client, db, admin, plain } = await startSignedIn(backend));
  });
  afterAll(() => srv?.close());

  it('answers {value, formatted} by id and by nombre, ADMIN only', async () => {
    const s = await save({ nombre: 'facturas', prefijo: 'FA-', relleno_ceros: 8, proximo_valor: 1 });
    expect(await post(`secuencia/next/${s.id}`)).toMatchObject({ status: 200, body: { value: 1, formatted: 'FA-00000001' } });
    expect((await post('secuencia/next/Facturas')).body).toEqual({ value: 2, formatted: 'FA-00000002' });
    expect((await stored(s.id)).proximo_valor).toBe(3);
    const denied = await post(`secuencia/next/${s.id}`, {}, plain);
    expect(denied.status).toBe(403);
    expect((await post('secuencia/index', {}, plain)).status).toBe(403);
    expect((await post('secuencia/next/999999')).status).toBe(404);
    expect((await post('secuencia/next/no-existe')).status).toBe(404);
    expect((await client.post(`/api/secuencia/next/${s.id}`, {})).status).toBe(401);
  });

  it("the records' own numbering, made at start, says it does not restart yearly (its list cell and its form agree)", async () => {
    const { rows } = (await post('secuencia/index', { pattern: 'Registros' })).body;
    expect(rows).toEqual([expect.objectContaining({ nombre: 'Registros', prefijo: 'R-', reinicio_anual: false })]);
  });

  it('a client key makes the reservation idempotent: the same key answers the same number, retries and parallel calls leave no gap', async () => {
    const s = await save({ nombre: 'reservas', prefijo: 'R-', relleno_ceros: 3, proximo_valor: 1 });
    const first = await post(`secuencia/next/${s.id}`, { clave: 'doc-7f3a' });
    expect(first).toMatchObject({ status: 200, body: { value: 1, formatted: 'R-001' } });
    // the answer was lost on the way: the retry with the key gets the same number, and nothing is used up
    expect((await post(`secuencia/next/${s.id}`, { clave: 'doc-7f3a' })).body).toEqual({ value: 1, formatted: 'R-001' });
    expect((await post('secuencia/next/reservas', { clave: 'doc-7f3a' })).body.value).toBe(1);
    // the same key sent many times at once: one number
    const burst = await Promise.all(Array.from({ length: 6 }, () => post(`secuencia/next/${s.id}`, { clave: 'doc-burst' })));
    expect(new Set(burst.map((r) => r.body.value))).toEqual(new Set([2]));
    // other keys and keyless calls go on from there, with no gap
    expect((await post(`secuencia/next/${s.id}`, { clave: 'doc-8' })).body.value).toBe(3);
    expect((await post(`secuencia/next/${s.id}`)).body.value).toBe(4);
    expect((await stored(s.id)).proximo_valor).toBe(5);
    // a key is a short text; nothing else is accepted
    for (const body of [{ clave: '' }, { clave: 'x'.repeat(101) }, { clave: 5 }, { otra: 'x' }])
      expect((await post(`secuencia/next/${s.id}`, body)).status, JSON.stringify(body)).toBe(400);
    expect((await stored(s.id)).proximo_valor).toBe(5);
  });

  it('keeps nombre unique, ignoring case: 406 SECUENCIA_DUPLICADA', async () => {
    const s = await save({ nombre: 'remitos', prefijo: 'R-', relleno_ceros: 6, proximo_valor: 1 });
    const dup = await post('secuencia/save', { nombre: ' Remitos ', proximo_valor: 1 });
    expect(dup.status).toBe(406);
    expect(dup.body).toMatchObject({ code: 'SECUENCIA_DUPLICADA', errors: [{ field: 'nombre', code: 'SECUENCIA_DUPLICADA' }] });
    const other = await save({ nombre: 'pedidos', proximo_valor: 1 });
    expect((await post(`secuencia/update/${other.id}`, { ...other, nombre: 'REMITOS' })).body.code).toBe('SECUENCIA_DUPLICADA');
    expect((await post(`secuencia/update/${s.id}`, { ...s, prefijo: 'REM-' })).status).toBe(200);
  });

  it('gives 300 parallel requests 300 different numbers with no gap', async () => {
    const s = await save({ nombre: 'paralela', prefijo: 'P', relleno_ceros: 4, proximo_valor: 1 });
    const replies = await pool(300, 20, async () => {
      const res = await post(`secuencia/next/${s.id}`);
      if (res.status !== 200) throw new Error(`next answered ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body as { value: number; formatted: string };
    });
    const values = replies.map((r) => r.value).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(new Set(replies.map((r) => r.formatted)).size).toBe(300);
    expect(replies.find((r) => r.value === 7)!.formatted).toBe('P0007');
    expect((await stored(s.id)).proximo_valor).toBe(301);
  });

  it('gives the number of a rolled-back transaction back', async () => {
    const s = await save({ nombre: 'rollback', proximo_valor: 10 });
    const taken: number[] = [];
    await expect(
      inTransaction(async (ctx) => {
        taken.push((await nextNumber(ctx, s.id)).value);
        throw new Error('the caller failed after taking its number');
      }),
    ).rejects.toThrow('the caller failed');
    expect(taken).toEqual([10]);
    expect((await stored(s.id)).proximo_valor).toBe(10);
    const again = await inTransaction((ctx) => nextNumber(ctx, 'rollback'));
    expect(again).toEqual({ id: s.id, value: 10, formatted: '10' });
  });

  it('restarts at 1 in a new year when reinicio_anual is set', async () => {
    const year = new Date().getFullYear();
    const s = await save({ nombre: 'anual', prefijo: 'A', relleno_ceros: 3, proximo_valor: 57, reinicio_anual: true, anio_actual: year - 1 });
    expect((await post(`secuencia/next/${s.id}`)).body).toEqual({ value: 1, formatted: 'A001' });
    expect((await post(`secuencia/next/${s.id}`)).body.value).toBe(2);
    expect(await stored(s.id)).toMatchObject({ proximo_valor: 3, anio_actual: year });
    // the year comes from the clock: next January it restarts again
    const next = await inTransaction((ctx) => nextNumber(ctx, s.id, new Date(year + 1, 0, 1, 0, 0, 1)));
    expect(next.value).toBe(1);
    expect(await stored(s.id)).toMatchObject({ proximo_valor: 2, anio_actual: year + 1 });
    // without a year yet it only takes the year; without reinicio_anual nothing restarts
    const fresh = await save({ nombre: 'anual-sin-anio', proximo_valor: 40, reinicio_anual: true });
    expect((await post(`secuencia/next/${fresh.id}`)).body.value).toBe(40);
    expect((await stored(fresh.id)).anio_actual).toBe(year);
    const plainSeq = await save({ nombre: 'sin-reinicio', proximo_valor: 5, anio_actual: year - 3 });
    expect((await post(`secuencia/next/${plainSeq.id}`)).body.value).toBe(5);
    expect((await stored(plainSeq.id)).anio_actual).toBe(year - 3);
  });

  it('bumps the version, so a stale edit cannot move the counter back', async () => {
    const s = await save({ nombre: 'versionada', proximo_valor: 1 });
    await post(`secuencia/next/${s.id}`);
    const stale = await post(`secuencia/update/${s.id}`, { ...s, proximo_valor: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('VERSION_CONFLICT');
  });

  it('never moves its next value back within a year: the numbers before it may be in use (406 SECUENCIA_RETROCEDE)', async () => {
    const s = await save({ nombre: 'sin-retroceso', prefijo: 'S-', proximo_valor: 1 });
    for (let i = 0; i < 7; i++) await post(`secuencia/next/${s.id}`);
    const now = (await post(`secuencia/show/${s.id}`)).body;
    expect(now.proximo_valor).toBe(8);
    const back = await post(`secuencia/update/${s.id}`, { ...now, proximo_valor: 1 });
    expect(back).toMatchObject({ status: 406, body: { code: 'SECUENCIA_RETROCEDE', errors: [{ field: 'proximo_valor', code: 'SECUENCIA_RETROCEDE', params: { min: 8 } }] } });
    expect((await stored(s.id)).proximo_valor).toBe(8);
    // forward, or as it is, is fine; and the next number follows
    expect((await post(`secuencia/update/${s.id}`, { ...now, proximo_valor: 100 })).status).toBe(200);
    expect((await post(`secuencia/next/${s.id}`)).body).toEqual({ value: 100, formatted: 'S-100' });
  });

  it('answers 409 SECUENCIA_AGOTADA at the end of the integer range', async () => {
    const s = await save({ nombre: 'agotada', proximo_valor: 2147483646 });
    expect((await post(`secuencia/next/${s.id}`)).body.value).toBe(2147483646);
    const res = await post(`secuencia/next/${s.id}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('SECUENCIA_AGOTADA');
  });
});
