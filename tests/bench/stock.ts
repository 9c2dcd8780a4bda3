/**
 * The stock part of the bench (issue 12): the seeded articles' typed location quantities become opening
 * movements (as the upgrade does), then one article gets N more movements over three locations, set-based, and
 * the balances are rebuilt from the ledger. The load case reads that article's on hand (`stock_movimiento/
 * balance`, from the summary); for comparison the bench also times summing its ledger rows directly.
 */
import { sql, type Kysely } from 'kysely';
import { openingMovements } from '../../server/entities/stock_movimiento/opening';
import { rebuild } from '../../server/entities/stock_movimiento/rebuild';
import type { LoadCase } from './load';
import { log } from './stats';

/** The article whose ledger gets the movements. */
export const LEDGER_ARTICLE = 1;

export interface LedgerSeed {
  movements: number;
  opening: number;
  ms: { opening: number; movements: number; rebuild: number };
  /** Summing the article's ledger rows without the summary: p50 / max of 5 runs, ms. */
  directSumMs: { p50: number; max: number };
}

export async function seedLedger(db: Kysely<any>, articles: number, movements: number, batch = 100_000): Promise<LedgerSeed> {
  const t0 = performance.now();
  let opening = 0;
  for (let from = 1; from <= articles; from += batch) opening += await openingMovements(db, 'bench', { from, to: from + batch - 1 });
  const openingMs = performance.now() - t0;
  log(`  stock: ${opening.toLocaleString('en')} opening movements`);
  const t1 = performance.now();
  for (let from = 1; from <= movements; from += batch) {
    const to = Math.min(movements, from + batch - 1);
    await sql`
      insert into stock_movimiento (articulo, ubicacion, cantidad, clase, origen, usuario_nombre)
      select ${sql.lit(LEDGER_ARTICLE)}, 'Depósito ' || (i % 3), case when i % 3 = 0 then -1 else 2 end, 'impacto', 'ajuste', 'bench'
      from generate_series(${sql.lit(from)}, ${sql.lit(to)}) i`.execute(db);
  }
  const movementsMs = performance.now() - t1;
  log(`  stock: ${movements.toLocaleString('en')} movements of article ${LEDGER_ARTICLE}`);
  const t2 = performance.now();
  await db.transaction().execute((trx) => rebuild(trx));
  await sql`vacuum analyze stock_movimiento`.execute(db);
  await sql`vacuum analyze stock_saldo`.execute(db);
  const rebuildMs = performance.now() - t2;
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    await sql`select ubicacion, sum(cantidad) from stock_movimiento where articulo = ${LEDGER_ARTICLE} and clase = 'impacto' group by ubicacion`.execute(db);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { movements, opening, ms: { opening: openingMs, movements: movementsMs, rebuild: rebuildMs }, directSumMs: { p50: times[2], max: times[4] } };
}

/** The on-hand of the article with the movements, as the article form asks for it (read from the summary). */
export function stockCases(movements: number): LoadCase[] {
  return [
    {
      key: 'stock-balance',
      label: `stock on hand of one article (${movements.toLocaleString('en')} movements)`,
      request: () => ({ path: '/api/stock_movimiento/balance', body: { articulo: LEDGER_ARTICLE } }),
    },
  ];
}

