/**
 * Numbering sequences (spec §1 sequences; table of the entity secuencia, schemas/secuencia): numbers are
 * taken inside the caller's transaction with one `UPDATE … RETURNING`, which locks the row until that
 * transaction ends. So concurrent callers queue on the row, no number is given twice, and none is lost:
 * when the caller's transaction rolls back, the increment rolls back with it and the next caller gets the
 * same number. (PostgreSQL sequences would leave gaps: they never roll back.)
 *
 * Yearly reset: a sequence with `reinicio_anual` whose `anio_actual` is another year than the current one
 * starts again at 1 and takes the current year; with no `anio_actual` yet it only takes the year.
 * Formatted number: `prefijo` + the value left-padded with zeros to `relleno_ceros` digits.
 */
import { sql, type Transaction } from 'kysely';
import { ApiError, notFound } from '../http/api-error';

export const SEQUENCE_TABLE = 'secuencia';
const INT_MAX = 2147483647;

export interface SequenceNumber {
  /** The sequence's id. */
  id: number;
  value: number;
  formatted: string;
}

/** `prefijo` + value zero-padded to `relleno` digits (a longer value is not cut). */
export function formatSequence(prefijo: string | null | undefined, relleno: number | null | undefined, value: number): string {
  const width = Number.isInteger(relleno) && (relleno as number) > 0 ? (relleno as number) : 0;
  return `${prefijo ?? ''}${String(value).padStart(width, '0')}`;
}

/**
 * Takes the next number of the sequence `ref` (its id, or its nombre compared trimmed and ignoring case)
 * inside `trx`. 404 NOT_FOUND for an unknown sequence; 409 SECUENCIA_AGOTADA when the value would pass
 * the integer range. `now` decides the current year (tests).
 */
export async function nextNumber(trx: Transaction<any>, ref: number | string, now: Date = new Date()): Promise<SequenceNumber> {
  const year = now.getFullYear();
  const id =
    typeof ref === 'number'
      ? ref
      : (
          await trx
            .selectFrom(SEQUENCE_TABLE)
            .select('id')
            .where(sql`lower(trim(nombre))`, '=', ref.trim().toLowerCase())
            .orderBy('id')
            .executeTakeFirst()
        )?.id;
  if (id === undefined) throw notFound();
  const resets = sql<boolean>`(reinicio_anual is true and anio_actual is not null and anio_actual <> ${year}::int)`;
  const { rows } = await sql<{ id: number; value: number; prefijo: string | null; relleno_ceros: number | null }>`
    update ${sql.table(SEQUENCE_TABLE)} set
      proximo_valor = case when ${resets} then 2 else coalesce(proximo_valor, 1) + 1 end,
      anio_actual = case when reinicio_anual is true then ${year}::int else anio_actual end,
      version = version + 1,
      updated_at = now()
    where id = ${id} and (${resets} or coalesce(proximo_valor, 1) < ${INT_MAX}::int)
    returning id, proximo_valor - 1 as value, prefijo, relleno_ceros`.execute(trx);
  const row = rows[0];
  if (!row) {
    const exists = await trx.selectFrom(SEQUENCE_TABLE).select('id').where('id', '=', id).executeTakeFirst();
    throw exists ? new ApiError(409, 'SECUENCIA_AGOTADA') : notFound();
  }
  return { id: row.id, value: row.value, formatted: formatSequence(row.prefijo, row.relleno_ceros, row.value) };
}
