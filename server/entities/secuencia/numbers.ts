/**
 * Numbering sequences (spec §1 sequences; table of the entity secuencia, schemas/secuencia): numbers are
 * taken inside the caller's transaction; the sequence's row stays locked until that
 * transaction ends. So concurrent callers queue on the row, no number is given twice, and none is lost:
 * when the caller's transaction rolls back, the increment rolls back with it and the next caller gets the
 * same number. (PostgreSQL sequences would leave gaps: they never roll back.)
 *
 * Yearly reset: a sequence with `reinicio_anual` whose `anio_actual` is another year than the current one
 * starts again at 1 and takes the current year; with no `anio_actual` yet it only takes the year.
 * Formatted number: `prefijo` + the value left-padded with zeros to `relleno_ceros` digits.
 */
import { sql } from 'kysely';
import { ApiError, notFound } from '../../http/api-error';
import type { DocContext } from '../../documents/types';
import { formatSequence, nextValue, type SequenceFields } from '../../../engine/sequence';

/** The entity (schemas/secuencia) whose rows are the sequences. */
export const SEQUENCE_ENTITY = 'secuencia';
const INT_MAX = 2147483647;

export interface SequenceNumber {
  /** The sequence's id. */
  id: number;
  value: number;
  formatted: string;
}

export { formatSequence } from '../../../engine/sequence';

/** The id of the sequence named `nombre` (trimmed, ignoring case), or undefined. */
export async function sequenceIdByName(ctx: DocContext, nombre: string): Promise<number | undefined> {
  const row = await ctx.trx
    .selectFrom(SEQUENCE_ENTITY)
    .select('id')
    .where(sql`lower(trim(nombre))`, '=', nombre.trim().toLowerCase())
    .orderBy('id')
    .executeTakeFirst();
  return row?.id as number | undefined;
}

/**
 * Takes the next number of the sequence `ref` (its id, or its nombre compared trimmed and ignoring case)
 * inside the context's transaction, through the write pipeline (a patch of the sequence: audited, and its
 * row locked until the transaction ends). 404 NOT_FOUND for an unknown sequence; 409 SECUENCIA_AGOTADA when
 * the value would pass the integer range. `now` decides the current year (tests).
 */
export async function nextNumber(ctx: DocContext, ref: number | string, now: Date = new Date()): Promise<SequenceNumber> {
  const id = typeof ref === 'number' ? ref : await sequenceIdByName(ctx, ref);
  const seq = id === undefined ? null : await ctx.docs.get(ctx, SEQUENCE_ENTITY, id, { lock: true, raw: true });
  if (!seq) throw notFound();
  const year = now.getFullYear();
  const yearly = seq.reinicio_anual === true;
  const value = nextValue(seq as SequenceFields, year);
  if (value >= INT_MAX) throw new ApiError(409, 'SECUENCIA_AGOTADA');
  await ctx.docs.patch(ctx, SEQUENCE_ENTITY, seq.id, { proximo_valor: value + 1, ...(yearly ? { anio_actual: year } : {}) });
  return { id: seq.id, value, formatted: formatSequence(seq.prefijo as string | undefined, seq.relleno_ceros as number | undefined, value) };
}
