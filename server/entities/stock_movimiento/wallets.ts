/**
 * The wallets of spec §3 as stock (issue 12): a cheque received, a made-to-measure piece received, is a wallet
 * entry — a row of its module's table (server/entities/cheque, server/entities/a_medida) with its data and its
 * own balance — and the ledger rows that move it carry its id. A line of a wallet article (`es_cheque`,
 * `es_a_medida`) in an incoming step creates its entry; later lines name it (the item's `cheque` /
 * `a_medida`), and moving them takes it out (an endorsed cheque, a consumed piece) or reserves it. An entry
 * never goes below zero (STOCK_INSUFICIENTE: a cheque endorsed twice), and its status follows its balance.
 */
import type { FieldError } from '../../../engine/errors';
import type { Data, DocContext } from '../../documents/types';
import { CHEQUE_WALLET } from '../cheque/wallet';
import { A_MEDIDA_WALLET } from '../a_medida/wallet';

export type WalletTable = 'cheque' | 'a_medida';

/** What the last impact of a write did to an entry: received, taken out, or one of those undone. */
export type WalletMove = 'in' | 'out' | 'undo-in' | 'undo-out';

export interface WalletSpec {
  /** The module's table, also the item field (and ledger column) naming an entry. */
  table: WalletTable;
  /** The article flag of this wallet's lines. */
  flag: 'es_cheque' | 'es_a_medida';
  /** The entry's own fields, from the line that receives it. */
  entryData(item: Data, articleName: string): Data;
  /** What a receiving line lacks. */
  lineErrors(item: Data, i: number): FieldError[];
  /** The status of an entry still there to take (its balance is positive). */
  held: string;
  /** The entry's status after a write: `held` while its balance is positive, else what took it out. */
  status(onHand: number, last: WalletMove | null, activity: Data | null, current: string): string;
}

export const WALLETS: readonly WalletSpec[] = [CHEQUE_WALLET, A_MEDIDA_WALLET];

/** The entries received by lines of this record, by item id. */
export async function receivedEntries(ctx: DocContext, spec: WalletSpec, registro: number): Promise<Map<number, { id: number; ubicacion: string }>> {
  const rows = await ctx.trx.selectFrom(spec.table).select(['id', 'item', 'ubicacion']).where('registro', '=', registro).where('item', 'is not', null).execute();
  return new Map(rows.map((r) => [r.item as number, { id: r.id as number, ubicacion: r.ubicacion as string }]));
}

/** Entries by id (for lines that name one). */
export async function entriesById(ctx: DocContext, spec: WalletSpec, ids: number[]): Promise<Map<number, { articulo: number; ubicacion: string }>> {
  if (!ids.length) return new Map();
  const rows = await ctx.trx.selectFrom(spec.table).select(['id', 'articulo', 'ubicacion']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((r) => [r.id as number, { articulo: r.articulo as number, ubicacion: r.ubicacion as string }]));
}

/** The entry a receiving line creates (or refreshes, when the line is saved again). */
export async function receive(
  ctx: DocContext,
  spec: WalletSpec,
  line: { registro: number; item: number; articulo: number; ubicacion: string; data: Data },
  existing: number | undefined,
): Promise<number> {
  const fields = { articulo: line.articulo, ubicacion: line.ubicacion, ...line.data };
  if (existing !== undefined) {
    await ctx.trx.updateTable(spec.table).set(fields).where('id', '=', existing).execute();
    return existing;
  }
  const row = await ctx.trx
    .insertInto(spec.table)
    .values({ ...fields, registro: line.registro, item: line.item })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id as number;
}

/** Brings the status of the entries a write moved in line with their balances. */
export async function settleStatuses(ctx: DocContext, spec: WalletSpec, moved: Map<number, { last: WalletMove | null; activity: Data | null }>) {
  if (!moved.size) return;
  const rows = await ctx.trx.selectFrom(spec.table).select(['id', 'en_mano', 'estado']).where('id', 'in', [...moved.keys()]).execute();
  for (const r of rows) {
    const m = moved.get(r.id as number)!;
    const estado = spec.status(Number(r.en_mano), m.last, m.activity, String(r.estado));
    if (estado !== r.estado) await ctx.trx.updateTable(spec.table).set({ estado }).where('id', '=', r.id as number).execute();
  }
}
