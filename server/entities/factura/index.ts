/**
 * Invoices and notes of records (spec §3 invoice; issue 16), written by the server only: `registro/facturar/{id}`
 * `{tipo?: factura | nota_credito | nota_debito, punto_venta?, items?, importes?}` queues one (./issue.ts) —
 * whoever may work in the record's activity, if the activity is `facturable`; the worker (./worker.ts) gets its CAE after commit. Listed at
 * /backOffice/facturas and `factura/index` (filter `registro`): ADMIN sees all, a user only the vouchers of
 * records they may see (rowScope, and show / pdf check the record's activity); `factura/pdf/{id}` prints an issued one with its
 * QR (./pdf.ts); `factura/monedas` lists AFIP's currencies (cached) for the issuing panel. AFIP's observations are part of the shown record; the frozen request is not.
 * A voucher queued is an `insert`, AFIP's answer a `cae` (emitida) or a `rechazo` (rechazada): audited, in the outbox
 * and offered to event subscriptions like any write (./record.ts); `solicitando` is the worker's own step, not an event.
 */
import { isKnownAfipCode } from '../../../engine/billing/afipCodes';
import { qrUrl } from '../../../engine/billing/qr';
import { billingRuntime } from './runtime';
import { remainingCredit } from '../../../engine/billing/notes';
import { creditedLines, linesOf, queueVoucher, type IssueBody } from './issue';
import { seesEverything } from '../actividad/access';
import { recordRowsWhere } from '../registro/rows';
import { checkAccess } from '../registro/holding';

import { INVOICE_WRITES, noteInvoice, withoutRequest } from './record';
import { invoicePdf } from './pdf';
import { INVOICE_TABLES } from './tables';
import { defineEntityServer, FileReply, SYSTEM_ACTOR } from '../../documents/types';

const parsed = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);

export default defineEntityServer({
  coreTable: true,
  tables: INVOICE_TABLES,
  needs: ['registro', 'estado', 'cae', 'numero', 'punto_venta'],
  // AFIP's answer changes the voucher's estado outside the pipeline: heard as these writes (./record.ts)
  writes: INVOICE_WRITES,
  // a user sees the vouchers of the records they may see (those of the activities they work in); ADMIN all
  rowScope: (ctx) => recordRowsWhere(ctx),
  async present(record, ctx) {
    const r = record as Record<string, any>;
    const recordOf = async () => ((await ctx.docs.get(ctx, 'registro', r.registro, { raw: true })) ?? {}) as Record<string, any>;
    const reg = await recordOf();
    if (ctx.actor !== SYSTEM_ACTOR && !seesEverything(ctx.actor)) await checkAccess(ctx, reg.actividad);
    const row = await ctx.trx.selectFrom('factura').select(['observaciones', 'lineas']).where('id', '=', r.id).executeTakeFirst();
    const obs = (parsed(row?.observaciones ?? r.observaciones) ?? []) as { code: number; msg: string }[];
    const lineas = linesOf({ lineas: row?.lineas ?? r.lineas }, reg);
    const acreditable = r.tipo === 'factura' && r.estado === 'emitida' ? remainingCredit(lineas, await creditedLines(ctx, r.id, reg)) : null;
    const qr =
      r.estado === 'emitida' && r.cae
        ? qrUrl({ fecha: r.fecha, cuit: Number(r.cuit_emisor), ptoVta: r.punto_venta, tipoCmp: r.cbte_tipo, nroCmp: r.numero, importe: Number(r.importe_total), moneda: r.moneda, ctz: Number(r.cotizacion), tipoDocRec: r.doc_tipo, nroDocRec: Number(r.doc_nro), codAut: Number(r.cae) })
        : null;
    return { ...withoutRequest(r), importe_total: Number(r.importe_total), cotizacion: r.cotizacion == null ? null : Number(r.cotizacion), observaciones: obs.map((o) => ({ ...o, conocido: isKnownAfipCode(o.code) })), lineas, acreditable, qr } as unknown as typeof record;
  },
  actions: {
    facturar: {
      // whoever works the record issues its invoice (its own checks decide), though nobody edits one by hand
      forReaders: true,
      scope: 'id',
      path: 'registro/facturar',
      body: {
        type: 'object',
        properties: {
          tipo: { type: 'string', enum: ['factura', 'nota_debito', 'nota_credito'] },
          punto_venta: { type: 'integer', minimum: 1, maximum: 99998 },
          // the caller's idempotency key (a UUID, say): a retry with it answers the voucher it queued (./issue.ts)
          clave: { type: 'string', minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' },
          // AFIP's currency id (FEParamGetTiposMonedas) the record's amounts are in, and pesos per unit
          moneda: { type: 'string', pattern: '^[A-Z0-9]{3}$' },
          cotizacion: { type: 'number', exclusiveMinimum: 0, maximum: 1000000000, maxDecimals: 6 },
          // a partial note: some of the invoice's lines (item = the record item's id) or amounts per VAT rate
          items: {
            type: 'array',
            maxItems: 2000,
            items: { type: 'object', required: ['item', 'cantidad'], additionalProperties: false, properties: { item: { type: 'integer', minimum: 1 }, cantidad: { type: 'number', exclusiveMinimum: 0, maximum: 1000000000, maxDecimals: 4 } } },
          },
          importes: {
            type: 'array',
            maxItems: 20,
            items: { type: 'object', required: ['alicuota', 'neto'], additionalProperties: false, properties: { alicuota: { type: 'number', minimum: 0, maximum: 100, maxDecimals: 2 }, neto: { type: 'number', exclusiveMinimum: 0, maximum: 1000000000000, maxDecimals: 2 } } },
          },
        },
      },
      async run({ ctx, id, body }) {
        const runtime = billingRuntime(ctx.docs);
        const { row, created } = await queueVoucher(ctx, runtime.config, id as number, body as IssueBody);
        if (created) {
          await noteInvoice(ctx, row);
          runtime.kick();
        }
        return ctx.docs.server('factura').present!(row as never, ctx);
      },
    },
    // AFIP's currencies (the cached FEParamGetTiposMonedas) for the issuing panel; none read yet: []
    monedas: {
      scope: 'entity',
      read: true,
      async run({ ctx }) {
        const row = await ctx.trx.selectFrom('facturacion_parametro').select('valor').where('clave', '=', 'TiposMonedas').executeTakeFirst();
        return row ? parsed(row.valor) : [];
      },
    },
    pdf: {
      scope: 'record',
      read: true,
      async run({ ctx, record }) {
        const shown = await ctx.docs.server('factura').present!(record as never, ctx);
        const { name, data } = await invoicePdf(ctx, shown as never);
        return new FileReply(name, 'application/pdf', data);
      },
    },
  },
});
