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
import { priceLine, recordTotals } from '../../../engine/price';
import { refuse } from '../../documents/pipeline';
import type { Data, DocContext } from '../../documents/types';
import type { Activity } from './context';

interface PriceRow {
  lista?: string;
  precio?: number;
  vigencia?: string | null;
}

interface ArticleFacts {
  factor_conversion?: number | null;
  alicuota_iva?: number | null;
  listas_precio?: PriceRow[];
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

/** The article's price in `list` valid on `date` (the latest `vigencia` not after it; none = always valid). */
export function listPrice(article: ArticleFacts | undefined, list: string, date: string): number | null {
  const candidates = (article?.listas_precio ?? [])
    .filter((p) => typeof p.lista === 'string' && same(p.lista, list) && typeof p.precio === 'number')
    .filter((p) => !p.vigencia || p.vigencia.slice(0, 10) <= date.slice(0, 10))
    .sort((a, b) => String(b.vigencia ?? '').localeCompare(String(a.vigencia ?? '')));
  return candidates.length ? (candidates[0].precio as number) : null;
}

/** What pricing needs of the items' articles: two queries for any number of items. */
async function articles(ctx: DocContext, ids: number[]): Promise<Map<number, ArticleFacts>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await ctx.trx.selectFrom('articulo').select(['id', 'factor_conversion', 'alicuota_iva']).where('id', 'in', unique).execute();
  const prices = await ctx.trx
    .selectFrom('articulo__listas_precio')
    .select(['parent_id', 'lista', 'precio', 'vigencia'])
    .where('parent_id', 'in', unique)
    .execute();
  const out = new Map<number, ArticleFacts>(rows.map((r) => [r.id as number, { factor_conversion: r.factor_conversion, alicuota_iva: r.alicuota_iva, listas_precio: [] }]));
  for (const p of prices) out.get(p.parent_id as number)?.listas_precio!.push(p as PriceRow);
  return out;
}

async function clientPriceType(ctx: DocContext, cliente: unknown): Promise<string | null> {
  if (typeof cliente !== 'number') return null;
  const row = await ctx.trx.selectFrom('perfil').select('tipo_precio').where('id', '=', cliente).executeTakeFirst();
  return typeof row?.tipo_precio === 'string' && row.tipo_precio.trim() ? row.tipo_precio : null;
}

/** The record with every item priced and its totals; throws the field errors of prices that cannot be found. */
export async function priced(ctx: DocContext, doc: Data, activity: Activity): Promise<Data> {
  const items = (Array.isArray(doc.items) ? doc.items : []) as Data[];
  const facts = await articles(ctx, items.map((i) => i.articulo as number));
  const list = activity.usa_listas_precio ? ((await clientPriceType(ctx, doc.cliente)) ?? activity.lista_precio ?? null) : null;
  const errors: FieldError[] = [];
  const lines = items.map((item, i) => {
    const article = facts.get(item.articulo as number);
    let unit = typeof item.precio_unitario === 'number' ? item.precio_unitario : null;
    if (unit === null) {
      const at = `items.${i}.precio_unitario`;
      if (!activity.usa_listas_precio) errors.push({ field: at, code: 'required' });
      else if (!list) errors.push({ field: at, code: 'LISTA_PRECIO_NO_APLICABLE' });
      else if ((unit = listPrice(article, list, String(doc.fecha))) === null) errors.push({ field: at, code: 'PRECIO_NO_ENCONTRADO', params: { lista: list } });
    }
    const alicuota = typeof item.alicuota === 'number' ? item.alicuota : (article?.alicuota_iva ?? 0);
    const factor = article?.factor_conversion ?? null;
    const money = priceLine({ ...item, cantidad: item.cantidad as number, precio_unitario: unit ?? 0, factor, alicuota } as never);
    return { ...item, precio_unitario: unit, factor, alicuota, ...money };
  });
  refuse(errors);
  const totals = recordTotals(lines);
  return { ...doc, items: lines, subtotal: totals.subtotal, total: totals.total, impuestos: { lineas: totals.impuestos } };
}
