/**
 * The stock effects of records (engine/stock/effects.ts), written by a subscriber to every record write, in
 * its transaction: a save, an edit, a move, a cancellation or a delete brings the record's ledger rows to what
 * its state asks for (./lines.ts says what each item moves). A refused balance fails the whole write:
 * 406 STOCK_INSUFICIENTE or STOCK_NEGATIVO, one field error per item hit (`items.<i>.cantidad`, params
 * `articulo` (its name), `ubicacion`, `disponible`).
 */
import type { Kysely } from 'kysely';
import { deltas, demands, desiredEffects, type Effect } from '../../../engine/stock/effects';
import type { StockImpact } from '../../../engine/workflow/activity';
import { ApiError } from '../../http/api-error';
import type { Data, StoredRecord, Subscriber } from '../../documents/types';
import { writeMovements, type StockProblem } from './ledger';
import { resolveLines } from './lines';
import { settleStatuses, WALLETS, type WalletMove } from './wallets';

async function currentEffects(db: Kysely<any>, registro: number): Promise<Effect[]> {
  const rows = await db
    .selectFrom('stock_movimiento')
    .select(['item', 'articulo', 'ubicacion', 'clase', 'actividad', 'cheque', 'a_medida', (eb) => eb.fn.sum<number>('cantidad').as('cantidad')])
    .where('registro', '=', registro)
    .groupBy(['item', 'articulo', 'ubicacion', 'clase', 'actividad', 'cheque', 'a_medida'])
    .execute();
  return rows.map((r) => ({ ...r, cantidad: Number(r.cantidad) }) as Effect);
}

async function activities(db: Kysely<any>, ids: number[]): Promise<Map<number, Data>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db.selectFrom('actividad').selectAll().where('id', 'in', unique).execute();
  return new Map(rows.map((r) => [r.id as number, r as Data]));
}

const impactOf = (a: Data | undefined): StockImpact => ((a?.impacto_stock as StockImpact | undefined) ?? 'ninguno');

/** The parts of a record stock depends on: when none changed (a take, a release), there is nothing to do. */
const STOCK_FIELDS = ['articulo', 'cantidad', 'ubicacion', 'cheque', 'a_medida', 'banco', 'fecha_cobro', 'identificador', 'librador', 'largo', 'ancho', 'alto', 'subtotal'];
function stockShape(r: StoredRecord | null): string {
  if (!r) return 'null';
  const items = ((r.items as Data[] | undefined) ?? []).map((i) => [i.id, ...STOCK_FIELDS.map((f) => i[f] ?? null)]);
  return JSON.stringify([r.actividad, r.estado, items]);
}

/** The problems as the API answers them: 406 with the first problem's code, one field error per item hit. */
function stockError(problems: StockProblem[], indexOf: Map<number, number>, names: Map<number, string>): ApiError {
  // a wallet entry's problem says more than its place's: it comes first, and an item is named once
  const ordered = [...problems.filter((p) => p.cheque != null || p.a_medida != null), ...problems.filter((p) => p.cheque == null && p.a_medida == null)];
  const seen = new Set<string>();
  const errors = ordered.flatMap((p) => {
    const params = { articulo: names.get(p.articulo) ?? String(p.articulo), ubicacion: p.ubicacion, disponible: p.disponible };
    const at = p.items.filter((i) => indexOf.has(i)).map((i) => `items.${indexOf.get(i)}.cantidad`);
    return (at.length ? at : ['items']).filter((f) => !seen.has(f) && seen.add(f)).map((field) => ({ field, code: p.code, params }));
  });
  return new ApiError(406, ordered[0].code, errors);
}

export const stockOfRecords: Subscriber = async ({ id, record, previous, ctx }) => {
  if (id === null) return;
  if (previous && record && stockShape(previous) === stockShape(record)) return;
  const db = ctx.trx;
  // a record just made has no ledger rows yet (its id is new)
  const current = previous ? await currentEffects(db, id) : [];
  const live = record !== null && record.estado !== 'anulado';
  const actividad = live ? (record!.actividad as number) : null;
  const here = actividad !== null ? (await activities(db, [actividad])).get(actividad) : undefined;
  const impacto = impactOf(here);
  const compromiso = here?.compromiso_stock === true;
  if (!current.length && impacto === 'ninguno' && !compromiso) return;

  const lines = live && (impacto !== 'ninguno' || compromiso) ? await resolveLines(ctx, record!, previous, here!) : { items: [], components: () => [], names: new Map<number, string>() };
  const state = { actividad, anulado: !live, items: lines.items, impacto, compromiso };
  const rows = deltas(current, desiredEffects(state, current, lines.components));
  if (!rows.length) return;

  const numero = ((record ?? previous)?.numero as string | undefined) ?? null;
  const problems = await writeMovements(
    ctx,
    rows.map((e) => ({ ...e, origen: 'registro' as const, registro: id, registro_numero: numero, demanding: demands(e, state) })),
  );
  const items = ((record ?? previous)?.items as Data[] | undefined) ?? [];
  if (problems.length) {
    const names = new Map(lines.names);
    const missing = problems.map((p) => p.articulo).filter((a) => !names.has(a));
    if (missing.length) for (const r of await db.selectFrom('articulo').select(['id', 'nombre']).where('id', 'in', missing).execute()) names.set(r.id as number, r.nombre as string);
    throw stockError(problems, new Map(items.map((it, i) => [it.id as number, i])), names);
  }

  // the wallet entries moved: their status follows their balance and what the last impact did
  const acts = await activities(db, rows.map((e) => e.actividad));
  for (const w of WALLETS) {
    const moved = new Map<number, { last: WalletMove | null; activity: Data | null }>();
    for (const e of rows) {
      const entry = e[w.table];
      if (entry == null) continue;
      const a = acts.get(e.actividad) ?? null;
      if (e.clase !== 'impacto') {
        if (!moved.has(entry)) moved.set(entry, { last: null, activity: a });
        continue;
      }
      const out = impactOf(a ?? undefined) === 'egreso';
      moved.set(entry, { last: e.cantidad > 0 ? (out ? 'undo-out' : 'in') : out ? 'out' : 'undo-in', activity: a });
    }
    await settleStatuses(ctx, w, moved);
  }
};
