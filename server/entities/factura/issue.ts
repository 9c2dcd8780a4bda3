/**
 * Queuing a voucher for a record (`registro/facturar/{id}`), in the caller's transaction: everything the tax
 * authority will be asked is decided here, from the record's exact totals and the parties' tax data, and
 * frozen in the invoice row (`solicitud`); the worker (./worker.ts) only numbers and sends it after commit.
 * One live invoice per record (a unique index): asking again answers it. Notes may be several, partial (some
 * lines, some amounts: ../../../engine/billing/notes.ts), a credit note never beyond what remains un-credited
 * (the record's row lock orders concurrent notes). Only activities marked `facturable` invoice.
 */
import { voucherAmounts, voucherConcept } from '../../../engine/billing/amounts';
import { argentinaToday, toAfipDate, voucherDateProblem } from '../../../engine/billing/dates';
import { linesTotals, noteLines, recordLines, type NotePart, type VoucherLine } from '../../../engine/billing/notes';
import { receiverDocument } from '../../../engine/billing/receiver';
import { noteAssociationProblem, receiverConditionId, voucherLetter, voucherType, type VoucherKind } from '../../../engine/billing/voucher';
import type { ErrorCode } from '../../../engine/errors';
import type { Config } from '../../config';
import type { DocContext } from '../../documents/types';
import { ApiError } from '../../http/api-error';
import { checkAccess } from '../registro/holding';
import { loadSetup } from './setup';
import type { VoucherRequest } from './afip/wsfe';

export interface IssueBody extends NotePart {
  tipo?: VoucherKind;
  punto_venta?: number;
}

const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The lines a stored voucher covers (one issued before lines were kept: its record's items). */
export const linesOf = (row: Record<string, any>, record: Record<string, any>): VoucherLine[] => parsed<VoucherLine[] | null>(row.lineas) ?? recordLines(record.items ?? []);

/** The lines of the live (not rejected) credit notes of an invoice. */
export async function creditedLines(ctx: DocContext, invoiceId: number, record: Record<string, any>): Promise<VoucherLine[]> {
  const notes = await ctx.trx.selectFrom('factura').select(['lineas']).where('asociada', '=', invoiceId).where('tipo', '=', 'nota_credito').where('estado', '<>', 'rechazada').execute();
  return notes.flatMap((n) => linesOf(n, record));
}

const refuse = (code: ErrorCode, params?: Record<string, unknown>) => new ApiError(406, code, [{ field: '', code, ...(params ? { params } : {}) }]);

export async function queueVoucher(ctx: DocContext, config: Config, registroId: number, body: IssueBody) {
  const kind: VoucherKind = body.tipo ?? 'factura';
  const record = (await ctx.docs.get(ctx, 'registro', registroId, { raw: true, lock: true })) as Record<string, any> | null;
  if (!record) throw new ApiError(404, 'NOT_FOUND');
  await checkAccess(ctx, record.actividad);
  const activity = (await ctx.docs.get(ctx, 'actividad', record.actividad, { raw: true })) as Record<string, any> | null;
  if (activity?.facturable !== true) throw refuse('FACTURA_ACTIVIDAD_NO_HABILITADA', { actividad: activity?.titulo ?? '' });
  const partial = Boolean(body.items?.length || body.importes?.length);
  if (kind === 'factura') {
    if (partial) throw refuse('FACTURA_PARCIAL_SOLO_NOTAS');
    // one invoice per record: asking again answers it
    const live = await ctx.trx.selectFrom('factura').selectAll().where('registro', '=', registroId).where('tipo', '=', 'factura').where('estado', '<>', 'rechazada').executeTakeFirst();
    if (live) return live;
  }

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

  // the lines this voucher covers: the record's items, or the part of the invoice a note names
  let lineas = recordLines(record.items ?? []);
  if (asociada) {
    const part = noteLines(linesOf(asociada, record), kind === 'nota_credito' ? await creditedLines(ctx, asociada.id, record) : [], body, kind === 'nota_credito');
    if (part && 'code' in part) {
      const { code, ...params } = part;
      throw refuse(code, params);
    }
    if (part) lineas = part;
  }
  const amounts = voucherAmounts(asociada ? linesTotals(lineas) : record, letter);
  if ('code' in amounts) throw refuse(amounts.code, 'alicuota' in amounts ? { alicuota: amounts.alicuota } : undefined);
  const doc = receiverDocument({ cuit: fiscal.cuit, tipo_documento: client?.tipo_documento, numero_documento: client?.numero_documento }, letter, amounts.impTotal, setup.limiteConsumidorFinal);
  if (typeof doc === 'string') throw refuse(doc);

  const articleIds = [...new Set((record.items ?? []).map((i: any) => i.articulo).filter(Boolean))] as number[];
  const services = articleIds.length ? await ctx.trx.selectFrom('articulo').select(['id', 'es_servicio']).where('id', 'in', articleIds).execute() : [];
  const isService = new Map(services.map((a: any) => [a.id, a.es_servicio === true]));
  // an amount per rate names no article: it follows the record's concept
  const items = (lineas.some((l) => l.articulo) ? lineas : (record.items ?? [])) as any[];
  const concepto = voucherConcept(items.some((i) => !isService.get(i.articulo)), items.some((i) => isService.get(i.articulo)));
  // an invoice bears its record's date (AFIP takes it within a few days of today); a note is dated when issued
  const today = argentinaToday(new Date());
  const recordDate = typeof record.fecha === 'string' && record.fecha ? record.fecha.slice(0, 10) : today;
  const fecha = kind === 'factura' ? recordDate : today;
  const late = voucherDateProblem(fecha, today, concepto);
  if (late) throw refuse(late.code, { fecha, desde: late.desde, hasta: late.hasta });
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
    ...(concepto === 1 ? {} : { servicio: { desde: toAfipDate(recordDate < fecha ? recordDate : fecha), hasta: cbteFch, vtoPago: cbteFch } }),
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
      lineas: JSON.stringify(lineas),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
