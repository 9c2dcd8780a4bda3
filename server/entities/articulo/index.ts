/**
 * What an article (spec §3 Article; /backOffice/stock) adds to its metadata, for stock (issue 12):
 *
 * - its locations' current quantity (`ubicaciones[].cantidad_actual`) is what the ledger says (on hand), never
 *   typed: what a client sends there is ignored; a place the ledger holds stock in that the article does not
 *   declare is shown too (without an id: saving the form declares it);
 * - a location holding stock (on hand or committed) cannot be removed or renamed: 406 UBICACION_CON_STOCK on
 *   `ubicaciones` (params `ubicacion`);
 * - the list's virtual columns `en_mano` and `disponible` are the sums of its places (stock_saldo).
 */
import type { FieldError } from '../../../engine/errors';
import { defineEntityServer, type Data, type StoredRecord, type WriteArgs } from '../../documents/types';
import { balancesOf, totalOf } from '../stock_movimiento/ledger';

const rows = (x: unknown): Data[] => (Array.isArray(x) ? (x as Data[]) : []);
const name = (x: unknown) => (typeof x === 'string' ? x.trim() : '');

/** A number of at most 4 decimals, as the schema's `cantidad_actual` takes. */
const fitsQuantity = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && Math.abs(v * 1e4 - Math.round(v * 1e4)) < 1e-6;

/** Drops the typed quantity: the ledger says it. */
function normalize({ doc }: WriteArgs): Data {
  if (!Array.isArray(doc.ubicaciones)) return doc;
  return {
    ...doc,
    ubicaciones: doc.ubicaciones.map((u) => {
      if (!u || typeof u !== 'object') return u;
      const { cantidad_actual: typed, ...rest } = u as Data;
      // a value the schema refuses stays, so the write is refused rather than silently dropping it
      return typed === undefined || typed === null || fitsQuantity(typed) ? rest : u;
    }),
  };
}

async function validate({ doc, previous, ctx }: WriteArgs): Promise<FieldError[]> {
  if (!previous) return [];
  const kept = new Map(rows(doc.ubicaciones).filter((u) => typeof u.id === 'number').map((u) => [u.id as number, name(u.nombre)]));
  const names = new Set(rows(doc.ubicaciones).map((u) => name(u.nombre)));
  const gone = rows(previous.ubicaciones).filter((u) => kept.get(u.id as number) !== name(u.nombre) && !names.has(name(u.nombre)));
  if (!gone.length) return [];
  const places = (await balancesOf(ctx.trx, [previous.id])).get(previous.id);
  const held = gone.filter((u) => {
    const b = places?.get(name(u.nombre));
    return b && (b.en_mano !== 0 || b.comprometido !== 0);
  });
  return held.map((u) => ({ field: 'ubicaciones', code: 'UBICACION_CON_STOCK', params: { ubicacion: name(u.nombre) } }));
}

async function present(record: StoredRecord, ctx: WriteArgs['ctx']): Promise<StoredRecord> {
  const places = (await balancesOf(ctx.trx, [record.id])).get(record.id) ?? new Map();
  const declared = rows(record.ubicaciones);
  const seen = new Set(declared.map((u) => name(u.nombre)));
  const ubicaciones = [
    ...declared.map((u) => ({ ...u, cantidad_actual: places.get(name(u.nombre))?.en_mano ?? 0 })),
    ...[...places.entries()].filter(([n, b]) => !seen.has(n) && (b.en_mano !== 0 || b.comprometido !== 0)).map(([nombre, b]) => ({ nombre, cantidad_actual: b.en_mano })),
  ];
  return ubicaciones.length ? { ...record, ubicaciones } : record;
}

export default defineEntityServer({
  needs: ['nombre', 'ubicaciones', 'componentes', 'es_servicio', 'es_compuesto', 'es_cheque', 'es_a_medida'],
  normalize,
  validate,
  present,
  async listValues(ctx, list) {
    const totals = await balancesOf(ctx.trx, list.map((r) => r.id as number));
    return list.map((r) => {
      const t = totalOf(totals.get(r.id as number));
      return { en_mano: t.en_mano, disponible: t.disponible };
    });
  },
});
