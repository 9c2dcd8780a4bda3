/**
 * Queuing a voucher for a record (`registro/facturar/{id}`), in the caller's transaction: everything the tax
 * authority will be asked is decided here, from the record's exact totals and the parties' tax data, and
 * frozen in the invoice row (`solicitud`); the worker (./worker.ts) only numbers and sends it after commit.
 * One live invoice per record (a unique index): asking again answers it. Notes may be several, partial (some
 * lines, some amounts: ../../../engine/billing/notes.ts), a credit note never beyond what remains un-credited
 * (the record's row lock orders concurrent notes). Only activities marked `facturable` invoice.
 *
 * A caller's key (`clave`, like secuencia/next's): the first request with it on a record queues the voucher, a
 * retry with the same key and body answers that voucher (never a second), the same key with another body is
 * 422 FACTURA_CLAVE_OTRO_PEDIDO. Concurrent retries queue on the record's row lock, so the second finds the first's.
 * A voucher is never dated before the last live one of its sales point and type (AFIP's 10016): the numbering
 * row is locked while checking, so two records cannot slip past each other.
 */
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../../engine/api/requestKeys';
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
  /** The caller's idempotency key (a UUID per user action, reused on its retries). */
  clave?: string;
  /** AFIP's currency id (FEParamGetTiposMonedas), default PES; the record's amounts are in it. */
  moneda?: string;
  /** Pesos per unit of `moneda`; none: AFIP's rate (FEParamGetCotizacion), asked by the worker before sending. */
  cotizacion?: number;
}

/** What a stored voucher's request looks like before the worker numbers it (the rate may still be AFIP's to give). */
export type QueuedRequest = Omit<VoucherRequest, 'nro' | 'monCotiz'> & { monCotiz: number | null };

/** The fingerprint of a request (all but its key), to tell a retry from another request under the same key. */
export const requestPrint = ({ clave: _key, ...rest }: IssueBody) => createHash('sha256').update(canonicalJson({ ...rest, tipo: rest.tipo ?? 'factura' })).digest('hex');

const parsed = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;

/** The lines a stored voucher covers (one issued before lines were kept: its record's items). */
export const linesOf = (row: Record<string, any>, record: Record<string, any>): VoucherLine[] => parsed<VoucherLine[] | null>(row.lineas) ?? recordLines(record.items ?? []);

/** The lines of the live (not rejected) credit notes of an invoice. */
export async function creditedLines(ctx: DocContext, invoiceId: number, record: Record<string, any>): Promise<VoucherLine[]> {
  const notes = await ctx.trx.selectFrom('factura').select(['lineas']).where('asociada', '=', invoiceId).where('tipo', '=', 'nota_credito').where('estado', '<>', 'rechazada').execute();
  return notes.flatMap((n) => linesOf(n, record));
}

const refuse = (code: ErrorCode, params?: Record<string, unknown>) => new ApiError(406, code, [{ field: '', code, ...(params ? { params } : {}) }]);

/** The voucher queued (created) or the one this request had already queued (a retry, or the record's live invoice). */
export interface Queued {
  row: Record<string, any>;
  created: boolean;
}

export async function queueVoucher(ctx: DocContext, config: Config, registroId: number, body: IssueBody): Promise<Queued> {
  const kind: VoucherKind = body.tipo ?? 'factura';
  const record = (await ctx.docs.get(ctx, 'registro', registroId, { raw: true, lock: true })) as Record<string, any> | null;
  if (!record) throw new ApiError(404, 'NOT_FOUND');
  await checkAccess(ctx, record.actividad);
  const activity = (await ctx.docs.get(ctx, 'actividad', record.actividad, { raw: true })) as Record<string, any> | null;
  if (activity?.facturable !== true) throw refuse('FACTURA_ACTIVIDAD_NO_HABILITADA', { actividad: activity?.titulo ?? '' });
  const huella = body.clave ? requestPrint(body) : null;
  if (body.clave) {
    // a retry: the voucher this key queued (the record's lock makes a concurrent twin wait for it)
    const same = await ctx.trx.selectFrom('factura').selectAll().where('registro', '=', registroId).where('clave', '=', body.clave).executeTakeFirst();
    if (same && same.huella !== huella) throw new ApiError(422, 'FACTURA_CLAVE_OTRO_PEDIDO', [{ field: 'clave', code: 'FACTURA_CLAVE_OTRO_PEDIDO', params: { clave: body.clave } }]);
    if (same) return { row: same, created: false };
  }
  const partial = Boolean(body.items?.length || body.importes?.length);
  if (kind === 'factura') {
    if (partial) throw refuse('FACTURA_PARCIAL_SOLO_NOTAS');
    // one invoice per record: asking again answers it
    const live = await ctx.trx.selectFrom('factura').selectAll().where('registro', '=', registroId).where('tipo', '=', 'factura').where('estado', '<>', 'rechazada').executeTakeFirst();
    if (live) return { row: live, created: false };
  }

  const setup = await loadSetup(ctx, config);
  const pto = body.punto_venta ?? setup.puntosVenta.find((p) => p.tipo === 'cae')?.numero;
  // a CAEA point's vouchers are numbered and reported afterwards (FECAEARegInformativo): not done here
  if (pto && setup.puntosVenta.some((p) => p.numero === pto && p.tipo === 'caea')) throw refuse('FACTURA_PUNTO_VENTA_CAEA', { punto_venta: pto });
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
  const { moneda, cotizacion } = await currencyOf(ctx, body, asociada);
  // the limit is in pesos; an unknown rate (AFIP's, asked later) counts the amount as pesos
  const doc = receiverDocument({ cuit: fiscal.cuit, tipo_documento: client?.tipo_documento, numero_documento: client?.numero_documento }, letter, amounts.impTotal * (cotizacion ?? 1), setup.limiteConsumidorFinal);
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
  const cbteTipo = voucherType(letter, kind);
  await notBeforeLast(ctx, { cuit: setup.cuit, entorno: setup.entorno, punto_venta: pto, cbte_tipo: cbteTipo }, fecha);
  const cbteFch = toAfipDate(fecha);
  const solicitud: QueuedRequest = {
    ptoVta: pto,
    cbteTipo,
    concepto,
    docTipo: doc.docTipo,
    docNro: doc.docNro,
    cbteFch,
    amounts,
    monId: moneda,
    monCotiz: cotizacion,
    // paid in pesos (RG 5616 asks it of every foreign-currency voucher): AFIP then takes any sensible rate
    ...(moneda === 'PES' ? {} : { canMisMonExt: 'N' as const }),
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
      moneda,
      cotizacion,
      clave: body.clave ?? null,
      huella,
      doc_tipo: doc.docTipo,
      doc_nro: String(doc.docNro),
      cuit_emisor: setup.cuit,
      entorno: setup.entorno,
      asociada: asociada?.id ?? null,
      solicitud: JSON.stringify(solicitud),
      lineas: JSON.stringify(lineas),
    })
    .returningAll()
    .executeTakeFirstOrThrow()
    .then((row) => ({ row, created: true }));
}

/** A note is in its invoice's currency; an invoice's currency is checked against AFIP's (cached) list. */
async function currencyOf(ctx: DocContext, body: IssueBody, invoice: Record<string, any> | undefined): Promise<{ moneda: string; cotizacion: number | null }> {
  const moneda = invoice ? String(invoice.moneda ?? 'PES') : (body.moneda ?? 'PES');
  if (invoice && body.moneda && body.moneda !== moneda) throw refuse('FACTURA_NOTA_OTRA_MONEDA', { moneda });
  if (moneda === 'PES') {
    if (body.cotizacion !== undefined && body.cotizacion !== 1) throw refuse('FACTURA_COTIZACION_PESOS');
    return { moneda, cotizacion: 1 };
  }
  const cached = await ctx.trx.selectFrom('facturacion_parametro').select('valor').where('clave', '=', 'TiposMonedas').executeTakeFirst();
  if (!cached) throw refuse('FACTURA_MONEDAS_SIN_LEER');
  const known = parsed<{ id: string }[]>(cached.valor);
  if (!known.some((m) => m.id === moneda)) throw refuse('FACTURA_MONEDA_DESCONOCIDA', { moneda });
  return { moneda, cotizacion: body.cotizacion ?? null };
}

/**
 * AFIP refuses a voucher dated before the last authorised one of its sales point and type (10016): refused
 * here against the live vouchers this app holds (issued or queued: a queued one is numbered first). The
 * numbering row stays locked until commit, so a concurrent request for another record waits and sees this one.
 */
async function notBeforeLast(ctx: DocContext, key: { cuit: string; entorno: string; punto_venta: number; cbte_tipo: number }, fecha: string) {
  await ctx.trx.insertInto('factura_numeracion').values(key).onConflict((oc) => oc.doNothing()).execute();
  await ctx.trx.selectFrom('factura_numeracion').select('cuit').where('cuit', '=', key.cuit).where('entorno', '=', key.entorno).where('punto_venta', '=', key.punto_venta).where('cbte_tipo', '=', key.cbte_tipo).forUpdate().execute();
  const last = await ctx.trx
    .selectFrom('factura')
    .select((eb) => eb.fn.max('fecha').as('fecha'))
    .where('cuit_emisor', '=', key.cuit)
    .where('entorno', '=', key.entorno)
    .where('punto_venta', '=', key.punto_venta)
    .where('cbte_tipo', '=', key.cbte_tipo)
    .where('estado', '<>', 'rechazada')
    .executeTakeFirst();
  const ultima = last?.fecha ? String(last.fecha).slice(0, 10) : null;
  if (ultima && fecha < ultima) throw refuse('FACTURA_FECHA_ANTERIOR_AL_ULTIMO', { fecha, ultima });
}
