/**
 * The delivery log of web hooks (issue 15; table evento_entrega, written by server/entities/evento/delivery/): one row per event
 * and subscription — estado pendiente / entregado / agotado, attempts, the next attempt, the last answer's HTTP
 * status, error and duration; with the subscription's debug on, the last request and response (headers, the
 * first 64 kB of the body). Read-only through the generic API for ROLE_ADMIN (`evento_entrega/index` filters
 * by evento, entidad, registro_id, accion, estado, http_estado).
 *
 * `POST /api/evento_entrega/reenviar/{id}` (ADMIN) replays a delivery: a new pending delivery of the same event
 * to the same subscription (a new delivery id; `reenvio_de` names the original), delivered in its record's order.
 * Answers `{ id }`.
 *
 * What the screens put in words (never translated here): each failure's stable code (`error_codigo`,
 * engine/events/problem.ts), a pending delivery's situation — its subscription inactive, waiting for an earlier
 * delivery of the same record, failed and retried, or queued (the log's virtual column `situacion`) — and
 * `POST /api/evento_entrega/situacion/{id}` (ADMIN): that situation with the delivery it waits for and the retry
 * policy, for the delivery's screen (./situation.ts).
 */
import { sql } from 'kysely';
import { deliveryProblem } from '../../../engine/events/problem';
import { ROLES } from '../../../engine/roles';
import { defineEntityServer, type StoredRecord } from '../../documents/types';
import { deliverySituation, situationValues } from './situation';
import { DELIVERY_TABLES } from './tables';

/** In app_setting once the older failures got their codes. */
const CODES_MARK = 'evento_entrega.error_codigo';

async function present(record: StoredRecord): Promise<StoredRecord> {
  const out: StoredRecord = { ...record };
  for (const [k, v] of Object.entries(out)) if (v instanceof Date) out[k] = v.toISOString();
  return out;
}

export default defineEntityServer({
  coreTable: true,
  tables: DELIVERY_TABLES,
  needs: ['evento', 'entidad', 'registro_id', 'accion', 'estado', 'intentos'],
  present,
  listValues: (ctx, rows) => situationValues(ctx.trx, rows),
  // failures recorded before their code was kept get it from their text and status (the log's column shows it);
  // once, marked in app_setting: the worker writes the code with each failure, so later starts skip the log's scan
  async seed(ctx) {
    const done = await ctx.trx.selectFrom('app_setting').select('value').where('key', '=', CODES_MARK).executeTakeFirst();
    if (done) return;
    const untold = await ctx.trx
      .selectFrom('evento_entrega')
      .select(['error', 'http_estado'])
      .distinct()
      .where('error', 'is not', null)
      .where('error_codigo', 'is', null)
      .execute();
    for (const { error, http_estado } of untold) {
      const code = deliveryProblem({ error, status: http_estado });
      await ctx.trx
        .updateTable('evento_entrega')
        .set({ error_codigo: code })
        .where('error', '=', error)
        .where(sql<boolean>`http_estado is not distinct from ${http_estado}::integer`)
        .where('error_codigo', 'is', null)
        .execute();
    }
    await ctx.trx.insertInto('app_setting').values({ key: CODES_MARK, value: new Date().toISOString() }).onConflict((oc) => oc.column('key').doNothing()).execute();
  },
  actions: {
    situacion: {
      scope: 'record',
      read: true,
      roles: ROLES.ADMIN,
      bodyLimit: 1024,
      async run({ ctx, record }) {
        return deliverySituation(ctx.trx, record!);
      },
    },
    reenviar: {
      scope: 'record',
      roles: ROLES.ADMIN,
      bodyLimit: 1024,
      async run({ ctx, id }) {
        const row = await ctx.trx
          .insertInto('evento_entrega')
          .columns(['evento', 'outbox_id', 'entidad', 'registro_id', 'accion', 'reenvio_de'])
          .expression((eb: any) =>
            eb
              .selectFrom('evento_entrega')
              .select(['evento', 'outbox_id', 'entidad', 'registro_id', 'accion', 'id'])
              .where('id', '=', id),
          )
          .returning('id')
          .executeTakeFirstOrThrow();
        return { id: row.id };
      },
    },
  },
});
