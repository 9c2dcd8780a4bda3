/**
 * The stock ledger (issue 12; ARCHITECTURE.md "The workflow model"): every stock effect is a row of
 * stock_movimiento — article, location, signed quantity, kind (impacto: on hand; compromiso: committed), the
 * record and item that caused it, its step, when and who — written in the transaction of the write that causes
 * it, never changed or deleted (a reversal is a new row). On hand, committed and available (on hand minus
 * committed) per article and location are sums of the ledger, kept in stock_saldo by the same transaction.
 *
 * - records: ./records.ts (a subscriber to every record write) and ./lines.ts (what each item moves, the rules);
 * - the ledger writer, its locks and the negative-stock rule: ./ledger.ts; balances rebuilt / checked: ./rebuild.ts;
 * - the wallets (cheques, made-to-measure pieces): ./wallets.ts;
 * - the upgrade from typed location quantities: ./opening.ts; calls of its own: ./actions.ts.
 * The list (`stock_movimiento/index`, filter `articulo`: an article's movements) is read-only; a user lists the
 * movements of the records they may open and of none.
 */
import { defineEntityServer } from '../../documents/types';
import { checkRecordRow, recordRowsWhere } from '../registro/rows';
import { adjust, balance, rebuildAction, verify } from './actions';
import { openingOnce } from './opening';
import { stockOfRecords } from './records';
import { LEDGER_TABLES } from './tables';

export default defineEntityServer({
  coreTable: true,
  tables: LEDGER_TABLES,
  // a user reads the movements of the records they may see (those of the activities they work in) and those of no
  // record (counts, openings); ADMIN all. The balances (stock_saldo) stay whole: what is available is no record's.
  rowScope: (ctx) => recordRowsWhere(ctx),
  async present(row, ctx) {
    await checkRecordRow(ctx, row);
    return row;
  },
  needs: ['articulo', 'ubicacion', 'cantidad', 'clase', 'origen', 'registro'],
  subscribe: { registro: stockOfRecords },
  seed: openingOnce,
  actions: { balance, adjust, verify, rebuild: rebuildAction },
});
