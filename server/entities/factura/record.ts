/**
 * An invoice row changed by the server itself, heard like any write (`docs.notify`): its audit row, its outbox
 * event and every subscriber (web hooks), in the change's transaction.
 */
import { sql } from 'kysely';
import type { Data, DocContext, StoredRecord } from '../../documents/types';

/** The worker's writes (the module's `writes`): AFIP authorised the voucher (its CAE), or rejected it. */
export const INVOICE_WRITES = ['cae', 'rechazo'] as const;
export type InvoiceWrite = (typeof INVOICE_WRITES)[number];

export async function writeInvoice(ctx: DocContext, id: number, action: InvoiceWrite, changes: Data): Promise<Data> {
  const previous = await ctx.trx.selectFrom('factura').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  const row = await ctx.trx
    .updateTable('factura')
    .set({ ...changes, version: sql`version + 1` })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
  await ctx.docs.notify(ctx, 'factura', { action, id, record: asEvent(row), previous: asEvent(previous) });
  return row;
}

/** A voucher just queued (`registro/facturar`): its insert, heard like a write of the pipeline. */
export const noteInvoice = (ctx: DocContext, row: Data) => ctx.docs.notify(ctx, 'factura', { action: 'insert', id: Number(row.id), record: asEvent(row), previous: null });

/** The voucher as shown: neither the frozen request nor the fingerprint of the caller's request. */
export const withoutRequest = ({ solicitud: _s, huella: _h, ...rest }: Data) => rest;

/**
 * The voucher as its audit row and event carry it: as shown, without the worker's lease (its own bookkeeping), as JSON
 * would carry it (a timestamp as its ISO text: the audit log's hash has no place for a Date).
 */
function asEvent(row: Data): StoredRecord {
  const { bloqueado_hasta: _lease, ...rest } = withoutRequest(row);
  return JSON.parse(JSON.stringify(rest));
}
