/**
 * What the sequences master (spec §2 /backOffice/secuenciasConfig) adds to the generic entity API (its
 * nombre is unique, trimmed and ignoring case, by schema.json: 406 SECUENCIA_DUPLICADA, field nombre; its next
 * value never goes back in the same year: 406 SECUENCIA_RETROCEDE, field proximo_valor, the numbers before it may be
 * in use — a yearly restart, which takes the new year, does):
 *
 * - `POST /api/secuencia/next/{id}` `{clave?}` -> `{value, formatted}`: takes the next number (./numbers.ts) in a
 *   transaction of its own, for ROLE_ADMIN only (the screen is admin only; an integration calls it with an
 *   admin's token). `{id}` is the sequence's id, or its nombre (anything that is not only digits).
 *
 * This bare call is a RESERVATION: the number is committed before the caller receives it, so a caller that
 * never gets the answer (a dropped connection, a crash on its side) would leave a gap. Gap-free numbering
 * belongs to documents that take their number inside their own transaction (records, invoices: a crash gives
 * it back). A caller that needs the bare call gap-free sends a key of its own (`clave`: 1-100 characters, a
 * UUID per document) and retries with the same key: the same key answers the same number, never a new one
 * (table secuencia_reserva, written in the same transaction as the number).
 */
import { sql, type Kysely } from 'kysely';
import { ROLES } from '../../../engine/roles';
import { badRequest, notFound } from '../../http/api-error';
import { defineEntityServer } from '../../documents/types';
import { parseId } from '../input';
import { nextNumber, sequenceIdByName } from './numbers';
import { SEQUENCE_TABLES } from './tables';

const NOMBRE_MAX = 60;

export default defineEntityServer({
  tables: SEQUENCE_TABLES,
  needs: ['nombre', 'prefijo', 'relleno_ceros', 'proximo_valor', 'reinicio_anual', 'anio_actual'],
  validate({ previous, doc }) {
    const before = previous?.proximo_valor;
    const after = doc.proximo_valor;
    const sameYear = (doc.anio_actual ?? null) === (previous?.anio_actual ?? null);
    if (typeof before === 'number' && typeof after === 'number' && after < before && sameYear)
      return [{ field: 'proximo_valor', code: 'SECUENCIA_RETROCEDE', params: { min: before } }];
  },
  actions: {
    next: {
      scope: 'record',
      roles: ROLES.ADMIN,
      bodyLimit: 1024,
      body: { type: 'object', additionalProperties: false, properties: { clave: { type: 'string', minLength: 1, maxLength: 100 } } },
      async findId(ctx, raw) {
        if (/^\d+$/.test(raw)) return parseId(raw);
        const nombre = raw.trim();
        if (!nombre || nombre.length > NOMBRE_MAX) throw badRequest('BAD_REQUEST', [{ field: 'id', code: 'type', params: { type: 'integer' } }]);
        const id = await sequenceIdByName(ctx, nombre);
        if (id === undefined) throw notFound();
        return id;
      },
      async run({ ctx, id, body }) {
        const clave = typeof body?.clave === 'string' ? body.clave : undefined;
        if (clave === undefined) {
          const { value, formatted } = await nextNumber(ctx, id!);
          return { value, formatted };
        }
        // the sequence's row is already locked (record scope), so two calls with one key queue and the second
        // finds the first's number
        const kept = await (ctx.trx as Kysely<any>).selectFrom('secuencia_reserva').select(['valor', 'formateado']).where('secuencia', '=', id!).where('clave', '=', clave).executeTakeFirst();
        if (kept) return { value: kept.valor as number, formatted: kept.formateado as string };
        const { value, formatted } = await nextNumber(ctx, id!);
        await sql`insert into secuencia_reserva (secuencia, clave, valor, formateado) values (${id!}, ${clave}, ${value}, ${formatted})`.execute(ctx.trx);
        return { value, formatted };
      },
    },
  },
});
