/** An invoice row changed by the server itself: the change, its audit entry and its outbox event in one transaction. */
import { sql } from 'kysely';
import type { Data, DocContext } from '../../documents/types';

export async function writeInvoice(ctx: DocContext, id: number, action: string, changes: Data): Promise<Data> {
  const row = await ctx.trx
    .updateTable('factura')
    .set({ ...changes, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  noteInvoice(ctx, row, action, changes);
  await ctx.trx.insertInto('outbox_event').values({ entity: 'factura', record_id: id, action, payload: JSON.stringify({ record: withoutRequest(row) }), user_id: ctx.actor.id }).execute();
  return row;
}

/** The audit entry of an invoice write (appended when the transaction commits). */
export function noteInvoice(ctx: DocContext, row: Data, action: string, changes: Data) {
  ctx.unit?.audit.push({ entity: 'factura', recordId: Number(row.id), action, changes });
}

/** The voucher as shown: neither the frozen request nor the fingerprint of the caller's request. */
export const withoutRequest = ({ solicitud: _s, huella: _h, ...rest }: Data) => rest;
