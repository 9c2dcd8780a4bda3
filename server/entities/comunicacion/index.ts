/**
 * The communications list (spec §2 /backOffice/listcomunica): the mail outbox (core table comunicacion,
 * written by server/mail/) shown read-only through the generic entity API.
 *
 * - `comunicacion/index`, `/select`, `/show` as any entity (readRoles in schemas/comunicacion/columns.json:
 *   ADMIN or ROOT); dates (fecha_creada, fecha_enviada) are answered as ISO 8601 text;
 * - save, update, updateColumn and delete answer 403 FORBIDDEN to everyone (`coreTable`);
 * - a shown message has the token of a password-recovery link blanked out: whoever reads the outbox must
 *   not be able to take over the account the link was sent for;
 * - states: pendiente (queued), enviado (sent), error (failed: tried for too long; `error` says why, as it does
 *   for a queued mail whose last attempt failed); `POST /api/comunicacion/reenviar/{id}` (ADMIN) queues a mail
 *   again — sent, failed or queued — for the next round of server/mail/delivery.ts, with fresh attempts;
 * - `POST /api/comunicacion/envio` (ADMIN) -> `{entrega: boolean}`: whether this server delivers mail at all
 *   (SMTP_URL set): without it every mail stays pending, and the screens say why.
 */
import { sql } from 'kysely';
import { ROLES } from '../../../engine/roles';
import { defineEntityServer, type StoredRecord } from '../../documents/types';
import { deliversMail } from '../../mail/runtime';

const RESET_LINK = /(resetPassword\/)[A-Za-z0-9_-]+/g;
export const REDACTED = '…';

export function redactTokens(text: string): string {
  return text.replace(RESET_LINK, `$1${REDACTED}`);
}

async function present(record: StoredRecord): Promise<StoredRecord> {
  const out: StoredRecord = { ...record };
  if (typeof out.cuerpo === 'string') out.cuerpo = redactTokens(out.cuerpo);
  for (const [k, v] of Object.entries(out)) if (v instanceof Date) out[k] = v.toISOString();
  return out;
}

export default defineEntityServer({
  needs: ['destinatario', 'asunto', 'estado', 'fecha_creada'],
  coreTable: true,
  present,
  actions: {
    envio: { scope: 'entity', read: true, roles: ROLES.ADMIN, run: async ({ ctx }) => ({ entrega: deliversMail(ctx.docs) }) },
    reenviar: {
      scope: 'record',
      roles: ROLES.ADMIN,
      bodyLimit: 1024,
      async run({ ctx, id }) {
        await ctx.trx
          .updateTable('comunicacion')
          .set({ estado: 'pendiente', intentos: 0, error: null, bloqueado_hasta: null, lease: null, cola_desde: sql`now()`, proximo_intento: sql`now()` })
          .where('id', '=', id!)
          .execute();
        return { id };
      },
    },
  },
});
