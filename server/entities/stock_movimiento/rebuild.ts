/**
 * The balances are a summary of the ledger, never a counter of their own: `drift` compares every balance
 * (stock_saldo, and each wallet entry's) with the sums of the ledger rows it stands for, `rebuild` writes them
 * again from the ledger (after an upgrade, or should they ever differ). Both in one statement per table.
 */
import { sql, type Kysely } from 'kysely';
import { WALLETS } from './wallets';

export interface Drift {
  /** `articulo/ubicacion`, or `<wallet>/<id>`. */
  balance: string;
  summary: { en_mano: number; comprometido: number };
  ledger: { en_mano: number; comprometido: number };
}

const sums = sql`sum(case when clase = 'impacto' then cantidad else 0 end) as en_mano, sum(case when clase = 'compromiso' then cantidad else 0 end) as comprometido`;

export async function drift(db: Kysely<any>): Promise<Drift[]> {
  const out: Drift[] = [];
  const { rows } = await sql<{ articulo: number; ubicacion: string; s_en: number | null; s_co: number | null; l_en: number | null; l_co: number | null }>`
    with l as (select articulo, ubicacion, ${sums} from stock_movimiento group by articulo, ubicacion)
    select coalesce(s.articulo, l.articulo) as articulo, coalesce(s.ubicacion, l.ubicacion) as ubicacion,
      s.en_mano as s_en, s.comprometido as s_co, l.en_mano as l_en, l.comprometido as l_co
    from stock_saldo s full join l on l.articulo = s.articulo and l.ubicacion = s.ubicacion
    where coalesce(s.en_mano, 0) <> coalesce(l.en_mano, 0) or coalesce(s.comprometido, 0) <> coalesce(l.comprometido, 0)`.execute(db);
  for (const r of rows)
    out.push({ balance: `${r.articulo}/${r.ubicacion}`, summary: { en_mano: Number(r.s_en ?? 0), comprometido: Number(r.s_co ?? 0) }, ledger: { en_mano: Number(r.l_en ?? 0), comprometido: Number(r.l_co ?? 0) } });
  for (const w of WALLETS) {
    const col = sql.ref(w.table);
    const { rows: entries } = await sql<{ id: number; s_en: number; s_co: number; l_en: number | null; l_co: number | null }>`
      with l as (select ${col} as id, ${sums} from stock_movimiento where ${col} is not null group by ${col})
      select e.id, e.en_mano as s_en, e.comprometido as s_co, l.en_mano as l_en, l.comprometido as l_co
      from ${sql.table(w.table)} e left join l on l.id = e.id
      where e.en_mano <> coalesce(l.en_mano, 0) or e.comprometido <> coalesce(l.comprometido, 0)`.execute(db);
    for (const r of entries)
      out.push({ balance: `${w.table}/${r.id}`, summary: { en_mano: Number(r.s_en), comprometido: Number(r.s_co) }, ledger: { en_mano: Number(r.l_en ?? 0), comprometido: Number(r.l_co ?? 0) } });
  }
  return out;
}

/** Writes every balance again from the ledger; run inside a transaction (it locks the summary while it works). */
export async function rebuild(db: Kysely<any>): Promise<void> {
  await sql`lock table stock_saldo in exclusive mode`.execute(db);
  await sql`delete from stock_saldo`.execute(db);
  await sql`insert into stock_saldo (articulo, ubicacion, en_mano, comprometido)
    select articulo, ubicacion, ${sums} from stock_movimiento group by articulo, ubicacion`.execute(db);
  for (const w of WALLETS) {
    const col = sql.ref(w.table);
    await sql`update ${sql.table(w.table)} e set en_mano = coalesce(l.en_mano, 0), comprometido = coalesce(l.comprometido, 0)
      from ${sql.table(w.table)} x left join (select ${col} as id, ${sums} from stock_movimiento where ${col} is not null group by ${col}) l on l.id = x.id
      where x.id = e.id`.execute(db);
  }
}
