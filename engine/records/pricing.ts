/**
 * How one item of a record is priced (spec §9 price rule, issue 11 "Prices and taxes"), pure, so the record
 * form shows while the user types exactly what the server stores on save (server/entities/registro/pricing.ts
 * runs this same function):
 *
 * - the unit price is the typed one; when none is typed, in an activity that uses price lists, the article's
 *   price in the applicable list (the client's price type, else the activity's list) valid on the record's
 *   date (the latest `vigencia` not after it; none = always valid);
 * - the conversion factor comes from the article; the tax rate is the typed one, else the article's;
 * - then the price rule (engine/price.ts).
 * Problems are codes: `required` (no typed price where lists are not used), LISTA_PRECIO_NO_APLICABLE,
 * PRECIO_NO_ENCONTRADO; the line is then priced at 0.
 */
import { priceLine, priceLineExact, type PricedLine } from '../price';

export interface PriceListRow {
  lista?: string | null;
  precio?: number | null;
  vigencia?: string | null;
}

/** What pricing needs of an article. */
export interface ArticlePriceFacts {
  factor_conversion?: number | null;
  alicuota_iva?: number | null;
  listas_precio?: PriceListRow[] | null;
}

export interface PricingContext {
  /** The activity uses price lists (its `usa_listas_precio`). */
  usesLists: boolean;
  /** The applicable list (applicableList), or null. */
  list: string | null;
  /** The record's date, YYYY-MM-DD. */
  date: string;
}

export interface ItemToPrice {
  cantidad: number;
  precio_unitario?: number | null;
  ajuste?: number | null;
  largo?: number | null;
  ancho?: number | null;
  alto?: number | null;
  alicuota?: number | null;
}

export interface PricedItem extends PricedLine {
  /** The unit price used: the typed one, the list's, or null when none could be found. */
  precio_unitario: number | null;
  /** True when the price came from the list (nothing typed). */
  fromList: boolean;
  factor: number | null;
  alicuota: number;
  /** The amounts as exact decimal texts, for a screen: a number loses cents past 2^53. */
  exact: PricedLine<string>;
  problem?: { code: 'required' | 'LISTA_PRECIO_NO_APLICABLE' | 'PRECIO_NO_ENCONTRADO'; params?: Record<string, unknown> };
}

const same = (a: string, b: string) => a.trim().toLocaleLowerCase('es') === b.trim().toLocaleLowerCase('es');

/** The list that prices a record: the client's price type, else the activity's list; none without lists. */
export function applicableList(usesLists: boolean, clientPriceType: string | null | undefined, activityList: string | null | undefined): string | null {
  if (!usesLists) return null;
  const pick = (s: string | null | undefined) => (typeof s === 'string' && s.trim() ? s : null);
  return pick(clientPriceType) ?? pick(activityList);
}

/** The article's price in `list` valid on `date` (the latest `vigencia` not after it; none = always valid). */
export function listPrice(article: ArticlePriceFacts | undefined, list: string, date: string): number | null {
  const candidates = (article?.listas_precio ?? [])
    .filter((p) => typeof p.lista === 'string' && same(p.lista, list) && typeof p.precio === 'number')
    .filter((p) => !p.vigencia || p.vigencia.slice(0, 10) <= date.slice(0, 10))
    .sort((a, b) => String(b.vigencia ?? '').localeCompare(String(a.vigencia ?? '')));
  return candidates.length ? (candidates[0].precio as number) : null;
}

export function priceItem(item: ItemToPrice, article: ArticlePriceFacts | undefined, ctx: PricingContext): PricedItem {
  let unit = typeof item.precio_unitario === 'number' ? item.precio_unitario : null;
  let fromList = false;
  let problem: PricedItem['problem'];
  if (unit === null) {
    if (!ctx.usesLists) problem = { code: 'required' };
    else if (!ctx.list) problem = { code: 'LISTA_PRECIO_NO_APLICABLE' };
    else if ((unit = listPrice(article, ctx.list, ctx.date)) === null) problem = { code: 'PRECIO_NO_ENCONTRADO', params: { lista: ctx.list } };
    else fromList = true;
  }
  const alicuota = typeof item.alicuota === 'number' ? item.alicuota : (article?.alicuota_iva ?? 0);
  const factor = article?.factor_conversion ?? null;
  const line = { ...item, precio_unitario: unit ?? 0, factor, alicuota };
  return { ...priceLine(line), precio_unitario: unit, fromList, factor, alicuota, exact: priceLineExact(line), ...(problem ? { problem } : {}) };
}
