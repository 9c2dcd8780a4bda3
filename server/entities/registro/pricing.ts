/**
 * A record's money, computed by the server on every write (what a client sends as totals is ignored): each
 * item's conversion factor and tax rate come from its article (a typed rate wins), its unit price is the typed
 * one, or — in an activity that uses price lists — the price of the article in the applicable list valid on
 * the record's date; then the engine's price rule (engine/price.ts) per line, and the record's sums.
 *
 * The applicable list: the client's price type (perfil.tipo_precio), else the activity's list. Errors:
 * LISTA_PRECIO_NO_APLICABLE (no list applies), PRECIO_NO_ENCONTRADO (the article has no price in it valid on
 * the date), both on `items.<i>.precio_unitario`; an activity without price lists takes typed prices only.
 */
import type { FieldError } from '../../../engine/errors';
import { recordTotals } from '../../../engine/price';
import { applicableList, priceItem, type ArticlePriceFacts, type PriceListRow } from '../../../engine/records/pricing';
import { refuse } from '../../documents/pipeline';
import type { Data, DocContext } from '../../documents/types';
import type { Activity } from './context';

/** What pricing needs of the items' articles: two queries for any number of items. */
async function articles(ctx: DocContext, ids: number[]): Promise<Map<number, ArticlePriceFacts>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await ctx.trx.selectFrom('articulo').select(['id', 'factor_conversion', 'alicuota_iva']).where('id', 'in', unique).execute();
  const prices = await ctx.trx
    .selectFrom('articulo__listas_precio')
    .select(['parent_id', 'lista', 'precio', 'vigencia'])
    .where('parent_id', 'in', unique)
    .execute();
  const out = new Map<number, ArticlePriceFacts>(rows.map((r) => [r.id as number, { factor_conversion: r.factor_conversion, alicuota_iva: r.alicuota_iva, listas_precio: [] }]));
  for (const p of prices) out.get(p.parent_id as number)?.listas_precio!.push(p as PriceListRow);
  return out;
}

async function clientPriceType(ctx: DocContext, cliente: unknown): Promise<string | null> {
  if (typeof cliente !== 'number') return null;
  const row = await ctx.trx.selectFrom('perfil').select('tipo_precio').where('id', '=', cliente).executeTakeFirst();
  return typeof row?.tipo_precio === 'string' && row.tipo_precio.trim() ? row.tipo_precio : null;
}

/** The record with every item priced (engine/records/pricing.ts) and its totals; throws the field errors of prices that cannot be found. */
export async function priced(ctx: DocContext, doc: Data, activity: Activity): Promise<Data> {
  const items = (Array.isArray(doc.items) ? doc.items : []) as Data[];
  const facts = await articles(ctx, items.map((i) => i.articulo as number));
  const usesLists = activity.usa_listas_precio === true;
  const list = applicableList(usesLists, usesLists ? await clientPriceType(ctx, doc.cliente) : null, activity.lista_precio);
  const pricing = { usesLists, list, date: String(doc.fecha) };
  const errors: FieldError[] = [];
  const lines = items.map((item, i) => {
    const p = priceItem(item as never, facts.get(item.articulo as number), pricing);
    if (p.problem) errors.push({ field: `items.${i}.precio_unitario`, code: p.problem.code, ...(p.problem.params ? { params: p.problem.params } : {}) });
    return { ...item, precio_unitario: p.precio_unitario, factor: p.factor, alicuota: p.alicuota, subtotal: p.subtotal, impuesto: p.impuesto, total: p.total };
  });
  refuse(errors);
  const totals = recordTotals(lines);
  return { ...doc, items: lines, subtotal: totals.subtotal, total: totals.total, impuestos: { lineas: totals.impuestos } };
}
