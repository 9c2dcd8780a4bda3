/**
 * Writing the stock ledger in the transaction of the write that causes it: the movement rows, the balance of
 * each article and location they touch (stock_saldo) and of each wallet entry they move (a cheque, a
 * made-to-measure piece: the `en_mano` / `comprometido` of its row). Every balance is locked first, places
 * then entries, each in one order (so two writers never wait for each other in a circle): checking what is
 * available and taking it is one atomic step, and of 50 parallel deliveries of 1 from a place holding 10
 * exactly 10 pass, on any number of app instances. Balances are the sums of the ledger (./rebuild.ts).
 */
import Big from 'big.js';
import { sql, type Kysely } from 'kysely';
import { balanceError, type Balance, type StockCode, type StockKind } from '../../../engine/stock/effects';
import type { DocContext } from '../../documents/types';
import { WALLETS, type WalletTable } from './wallets';

export type Origin = 'registro' | 'apertura' | 'ajuste';

export interface Movement {
  articulo: number;
  ubicacion: string;
  clase: StockKind;
  cantidad: number;
  origen: Origin;
  registro?: number | null;
  registro_numero?: string | null;
  item?: number | null;
  actividad?: number | null;
  cheque?: number | null;
  a_medida?: number | null;
  motivo?: string | null;
  /** The movement asks for stock (engine/stock/effects.ts `demands`). */
  demanding?: boolean;
}

export interface StockProblem {
  code: StockCode;
  articulo: number;
  ubicacion: string;
  /** What was available before the write. */
  disponible: number;
  /** The movements that hit this balance. */
  items: number[];
  /** Set when the balance is a wallet entry's. */
  cheque?: number;
  a_medida?: number;
}

const placeKey = (m: { articulo: number; ubicacion: string }) => `${m.articulo}\u0000${m.ubicacion}`;
const byPlace = (a: { articulo: number; ubicacion: string }, b: { articulo: number; ubicacion: string }) =>
  a.articulo - b.articulo || (a.ubicacion < b.ubicacion ? -1 : a.ubicacion > b.ubicacion ? 1 : 0);
const num = (x: unknown) => Number(x ?? 0);

/** Places of articles that may go below zero (articulo.ubicaciones[].permite_negativo). */
async function negativeAllowed(db: Kysely<any>, places: readonly { articulo: number; ubicacion: string }[]): Promise<Set<string>> {
  const ids = [...new Set(places.map((p) => p.articulo))];
  if (!ids.length) return new Set();
  const rows = await db.selectFrom('articulo__ubicaciones').select(['parent_id', 'nombre']).where('parent_id', 'in', ids).where('permite_negativo', '=', true).execute();
  return new Set(rows.map((r) => placeKey({ articulo: r.parent_id as number, ubicacion: r.nombre as string })));
}

/** Locks the balances of these places (creating missing ones, in order), one statement, sorted; answers them by place. */
async function lockPlaces(db: Kysely<any>, places: readonly { articulo: number; ubicacion: string }[]): Promise<Map<string, Balance>> {
  const sorted = [...new Map(places.map((p) => [placeKey(p), p])).values()].sort(byPlace);
  await db
    .insertInto('stock_saldo')
    .values(sorted.map((p) => ({ articulo: p.articulo, ubicacion: p.ubicacion })))
    .onConflict((oc) => oc.columns(['articulo', 'ubicacion']).doNothing())
    .execute();
  const rows = await db
    .selectFrom('stock_saldo')
    .select(['articulo', 'ubicacion', 'en_mano', 'comprometido'])
    .where(sql<boolean>`(articulo, ubicacion) in (${sql.join(sorted.map((p) => sql`(${p.articulo}::integer, ${p.ubicacion}::text)`))})`)
    .orderBy('articulo')
    .orderBy('ubicacion')
    .forUpdate()
    .execute();
  return new Map(rows.map((r) => [placeKey(r as { articulo: number; ubicacion: string }), { en_mano: num(r.en_mano), comprometido: num(r.comprometido) }]));
}

/** Locks wallet entries by id (sorted); answers their balances. */
async function lockEntries(db: Kysely<any>, table: WalletTable, ids: readonly number[]): Promise<Map<number, Balance>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'en_mano', 'comprometido']).where('id', 'in', [...new Set(ids)]).orderBy('id').forUpdate().execute();
  return new Map(rows.map((r) => [r.id as number, { en_mano: num(r.en_mano), comprometido: num(r.comprometido) }]));
}

interface Tally {
  en_mano: Big;
  comprometido: Big;
  demands: boolean;
  first: Movement;
  items: Set<number>;
}

function tally(balances: Map<string | number, Balance>, k: string | number, m: Movement, into: Map<string | number, Tally>) {
  const before = balances.get(k) ?? { en_mano: 0, comprometido: 0 };
  const t = into.get(k) ?? { en_mano: new Big(before.en_mano), comprometido: new Big(before.comprometido), demands: false, first: m, items: new Set<number>() };
  if (m.clase === 'impacto') t.en_mano = t.en_mano.plus(m.cantidad);
  else t.comprometido = t.comprometido.plus(m.cantidad);
  t.demands ||= m.demanding === true;
  if (m.item != null) t.items.add(m.item);
  into.set(k, t);
}

const after = (t: Tally): Balance => ({ en_mano: Number(t.en_mano.toFixed()), comprometido: Number(t.comprometido.toFixed()) });
const availableOf = (b: Balance) => Number(new Big(b.en_mano).minus(b.comprometido).toFixed());

/**
 * Adds the movements and brings every balance along; answers the problems (and writes nothing) when a balance
 * would break its rule (engine/stock/effects.ts balanceError). A wallet entry never goes below zero.
 */
export async function writeMovements(ctx: DocContext, movements: readonly Movement[]): Promise<StockProblem[]> {
  if (!movements.length) return [];
  const db = ctx.trx;
  const places = await lockPlaces(db, movements);
  const entries = new Map<WalletTable, Map<number, Balance>>();
  for (const w of WALLETS) entries.set(w.table, await lockEntries(db, w.table, movements.flatMap((m) => (m[w.table] != null ? [m[w.table]!] : []))));
  const allowed = await negativeAllowed(db, movements);

  const placeTallies = new Map<string | number, Tally>();
  const entryTallies = new Map<WalletTable, Map<string | number, Tally>>(WALLETS.map((w) => [w.table, new Map()]));
  for (const m of movements) {
    tally(places as Map<string | number, Balance>, placeKey(m), m, placeTallies);
    for (const w of WALLETS) if (m[w.table] != null) tally(entries.get(w.table)! as Map<string | number, Balance>, m[w.table]!, m, entryTallies.get(w.table)!);
  }

  const problems: StockProblem[] = [];
  for (const [k, t] of placeTallies) {
    const before = places.get(k as string)!;
    const code = balanceError(before, after(t), t.demands, allowed.has(k as string));
    if (code) problems.push({ code, articulo: t.first.articulo, ubicacion: t.first.ubicacion, disponible: availableOf(before), items: [...t.items] });
  }
  for (const w of WALLETS)
    for (const [id, t] of entryTallies.get(w.table)!) {
      const before = entries.get(w.table)!.get(id as number) ?? { en_mano: 0, comprometido: 0 };
      const code = balanceError(before, after(t), t.demands, false);
      if (code) problems.push({ code, articulo: t.first.articulo, ubicacion: t.first.ubicacion, disponible: availableOf(before), items: [...t.items], [w.table]: id as number });
    }
  if (problems.length) return problems;

  const rows = movements.map(({ demanding: _d, ...m }) => ({ ...m, usuario: ctx.actor.id, usuario_nombre: ctx.actor.username }));
  for (let i = 0; i < rows.length; i += 500) await db.insertInto('stock_movimiento').values(rows.slice(i, i + 500)).execute();
  for (const t of placeTallies.values()) {
    const b = after(t);
    await db.updateTable('stock_saldo').set({ en_mano: b.en_mano, comprometido: b.comprometido }).where('articulo', '=', t.first.articulo).where('ubicacion', '=', t.first.ubicacion).execute();
  }
  for (const w of WALLETS)
    for (const [id, t] of entryTallies.get(w.table)!) {
      const b = after(t);
      await db.updateTable(w.table).set({ en_mano: b.en_mano, comprometido: b.comprometido }).where('id', '=', id as number).execute();
    }
  return [];
}

/** On hand and committed of articles, per location, from the balances. */
export async function balancesOf(db: Kysely<any>, articulos: readonly number[]): Promise<Map<number, Map<string, Balance>>> {
  const out = new Map<number, Map<string, Balance>>();
  if (!articulos.length) return out;
  const rows = await db.selectFrom('stock_saldo').select(['articulo', 'ubicacion', 'en_mano', 'comprometido']).where('articulo', 'in', [...new Set(articulos)]).orderBy('ubicacion').execute();
  for (const r of rows) {
    const a = r.articulo as number;
    if (!out.has(a)) out.set(a, new Map());
    out.get(a)!.set(r.ubicacion as string, { en_mano: num(r.en_mano), comprometido: num(r.comprometido) });
  }
  return out;
}

/** Totals of one article's places. */
export function totalOf(places: Map<string, Balance> | undefined): Balance & { disponible: number } {
  if (!places?.size) return { en_mano: 0, comprometido: 0, disponible: 0 };
  let en = new Big(0);
  let co = new Big(0);
  for (const b of places.values()) {
    en = en.plus(b.en_mano);
    co = co.plus(b.comprometido);
  }
  return { en_mano: Number(en.toFixed()), comprometido: Number(co.toFixed()), disponible: Number(en.minus(co).toFixed()) };
}
