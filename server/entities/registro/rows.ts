/**
 * Rows tied to a record (a stock movement, a wallet entry, an attachment, a voucher): a user sees those of the
 * records they may open (the activities they work in: ../actividad/access.ts) and those of no record; ADMIN and
 * ROOT all. The list, select, export and reports read `recordRowsWhere`; show and history `checkRecordRow`.
 */
import type { Data, DocContext, EntityServer } from '../../documents/types';
import type { Where } from '../list';
import { seesEverything, workableWhere } from '../actividad/access';
import { checkAccess } from './holding';

/** The rows the caller may list; `also`: rows anyone may list besides (a wallet entry still there to take). */
export async function recordRowsWhere(ctx: DocContext, also?: Where): Promise<Where | null> {
  if (seesEverything(ctx.actor)) return null;
  const workable = await workableWhere(ctx);
  return (eb) => eb.or([eb('registro', 'is', null), eb('registro', 'in', eb.selectFrom('registro').select('id').where(workable!)), ...(also ? [also(eb)] : [])]);
}

/** A row shown whole (show, history): 403 REGISTRO_SIN_PERMISO unless the caller may open its record, or `open`. */
export async function checkRecordRow(ctx: DocContext, row: Data, open = false): Promise<void> {
  if (open || row.registro == null || seesEverything(ctx.actor)) return;
  const record = await ctx.trx.selectFrom('registro').select('actividad').where('id', '=', row.registro as number).executeTakeFirst();
  if (record) await checkAccess(ctx, record.actividad as number);
}

/**
 * A wallet's rows (cheques, made-to-measure pieces): a record's, as above, and any still `held`, everyone's who
 * picks one for a record of theirs (the rest tell another activity's records).
 */
export const walletRows = (held: string): Pick<EntityServer, 'rowScope' | 'present'> => ({
  rowScope: (ctx) => recordRowsWhere(ctx, (eb) => eb('estado', '=', held)),
  async present(row, ctx) {
    await checkRecordRow(ctx, row, row.estado === held);
    return row;
  },
});
