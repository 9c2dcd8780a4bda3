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
 */
import { ROLES } from '../../../engine/roles';
import { defineEntityServer, type StoredRecord } from '../../documents/types';
import { DELIVERY_TABLES } from './tables';

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
  actions: {
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
