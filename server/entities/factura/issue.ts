/**
 * Queuing a voucher for a record (`registro/facturar/{id}`), in the caller's transaction: everything the tax
 * authority will be asked is decided here, from the record's exact totals and the parties' tax data, and
 * frozen in the invoice row (`solicitud`); the worker (./worker.ts) only numbers and sends it after commit.
 * One live voucher of each kind per record (a unique index): asking again answers the one there is.
 */
import { voucherAmounts, voucherConcept } from '../../../engine/billing/amounts';
import { argentinaToday, toAfipDate } from '../../../engine/billing/dates';
import { receiverDocument } from '../../../engine/billing/receiver';
import { noteAssociationProblem, receiverConditionId, voucherLetter, voucherType, type VoucherKind } from '../../../engine/billing/voucher';
import type { ErrorCode } from '../../../engine/errors';
import type { Config } from '../../config';
import type { DocContext } from '../../documents/types';
import { ApiError } from '../../http/api-error';
import { checkAccess } from '../registro/holding';
import { loadSetup } from './setup';
import type { VoucherRequest } from './afip/wsfe';

export interface IssueBody {
  tipo?: VoucherKind;
  punto_venta?: number;
}

const refuse = (code: ErrorCode, params?: Record<string, unknown>) => new ApiError(406, code, [{ field: '', code, ...(params ? { params } : {}) }]);

export async function queueVoucher(ctx: DocContext, config: Config, registroId: number, body: IssueBody) {
  const kind: VoucherKind = body.tipo ?? 'factura';
  const record = (await ctx.docs.get(ctx, 'registro', registroId, { raw: true, lock: true })) as Record<string, any> | null;
  if (!record) throw new ApiError(404, 'NOT_FOUND');
  await checkAccess(ctx, record.actividad);
  const live = await ctx.trx.selectFrom('factura').selectAll().where('registro', '=', registroId).where('tipo', '=', kind).where('estado', '<>', 'rechazada').executeTakeFirst();
  if (live) return live;

  const setup = await loadSetup(ctx, config);
  const pto = body.punto_venta ?? setup.puntosVenta.find((p) => p.tipo === 'cae')?.numero;
  if (!pto || !setup.puntosVenta.some((p) => p.numero === pto && p.tipo === 'cae')) throw refuse('FACTURA_SIN_PUNTO_VENTA', { punto_venta: pto ?? '' });

  const client = record.cliente ? ((await ctx.docs.get(ctx, 'perfil', record.cliente, { raw: true })) as Record<string, any> | null) : null;
  const fiscal = client?.datos_fiscales ?? {};
  const letter = voucherLetter(setup.condicionIva, fiscal.condicion_iva ?? null);
  if (letter === 'FACTURA_EMISOR_NO_HABILITADO') throw refuse(letter);

  let asociada: Record<string, any> | undefined;
  if (kind !== 'factura') {
    asociada = await ctx.trx.selectFrom('factura').selectAll().where('registro', '=', registroId).where('tipo', '=', 'factura').where('estado', '=', 'emitida').executeTakeFirst();
    const problem = noteAssociationProblem(kind, letter, asociada?.cbte_tipo);
    if (problem) throw refuse(problem);
  }

  const amounts = voucherAmounts(record, letter);
  if ('code' in amounts) throw refuse(amounts.code, 'alicuota' in amounts ? { alicuota: amounts.alicuota } : undefined);
  const doc = receiverDocument({ cuit: fiscal.cuit, tipo_documento: client?.tipo_documento, numero_documento: client?.numero_documento }, letter, amounts.impTotal, setup.limiteConsumidorFinal);
  if (typeof doc === 'string') throw refuse(doc);

  const articleIds = [...new Set((record.items ?? []).map((i: any) => i.articulo).filter(Boolean))] as number[];
  const services = articleIds.length ? await ctx.trx.selectFrom('articulo').select(['id', 'es_servicio']).where('id', 'in', articleIds).execute() : [];
  const isService = new Map(services.map((a: any) => [a.id, a.es_servicio === true]));
  const items = (record.items ?? []) as any[];
  const concepto = voucherConcept(items.some((i) => !isService.get(i.articulo)), items.some((i) => isService.get(i.articulo)));
  const fecha = argentinaToday(new Date());
  const cbteFch = toAfipDate(fecha);
  const solicitud: Omit<VoucherRequest, 'nro'> = {
    ptoVta: pto,
    cbteTipo: voucherType(letter, kind),
    concepto,
    docTipo: doc.docTipo,
    docNro: doc.docNro,
    cbteFch,
    amounts,
    monId: 'PES',
    monCotiz: 1,
    condicionIvaReceptorId: receiverConditionId(fiscal.condicion_iva ?? null),
    ...(concepto === 1 ? {} : { servicio: { desde: toAfipDate(String(record.fecha ?? fecha)), hasta: cbteFch, vtoPago: cbteFch } }),
    ...(asociada ? { asociados: [{ tipo: asociada.cbte_tipo, ptoVta: asociada.punto_venta, nro: asociada.numero, cuit: setup.cuit, cbteFch: toAfipDate(asociada.fecha) }] } : {}),
  };
  return ctx.trx
    .insertInto('factura')
    .values({
      registro: registroId,
      tipo: kind,
      letra: letter,
      cbte_tipo: solicitud.cbteTipo,
      punto_venta: pto,
      fecha,
      estado: 'pendiente',
      importe_total: amounts.impTotal,
      moneda: 'PES',
      cotizacion: 1,
      doc_tipo: doc.docTipo,
      doc_nro: String(doc.docNro),
      cuit_emisor: setup.cuit,
      entorno: setup.entorno,
      asociada: asociada?.id ?? null,
      solicitud: JSON.stringify(solicitud),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
