/**
 * The server side of the tax-number check (spec §5 "the tax-number check is done by the server", §8):
 * the number itself with the engine's rule (engine/cuit.ts, the same the browser may run), then "not used
 * by another interested party" against the stored numbers, compared as digits only. Every outcome has its
 * code, with a field error on `datos_fiscales.cuit`; an unexpected failure is EPF1000, never a bare 500.
 *
 * | outcome                                   | status | code    |
 * | ----------------------------------------- | ------ | ------- |
 * | not a valid CUIT (digits, prefix, check)  | 406    | EPF0003 |
 * | used by another perfil                    | 406    | EPF0002 |
 * | the engine answered something unknown     | 406    | EPF0001 |
 * | the check itself failed (database, bug)   | 500    | EPF1000 |
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Transaction } from 'kysely';
import { CUIT_INVALID, cuitError, normalizeCuit } from '../../../engine/cuit';
import type { ErrorCode } from '../../../engine/errors';
import { ApiError } from '../../http/api-error';

export const CUIT_FIELD = 'datos_fiscales.cuit';
/** First key of the two-key advisory lock that makes "not used by another" hold under concurrent saves. */
const CUIT_LOCK = 727_102;

/** The stored number as digits only; the expression of the index perfil_cuit_digits_idx (./index.ts seed). */
export const CUIT_DIGITS_SQL = `regexp_replace(coalesce(datos_fiscales->>'cuit', ''), '[^0-9]', '', 'g')`;

const refuse = (status: number, code: ErrorCode) => new ApiError(status, code, [{ field: CUIT_FIELD, code }]);

/**
 * Checks `cuit` (absent or blank: nothing to check) for the perfil `id` (null on save). Throws the
 * ApiError of the table above. Inside the caller's transaction; the advisory lock is held until it ends,
 * so two parties saved at once with one number cannot both pass.
 */
export async function checkCuit(trx: Transaction<any>, cuit: unknown, id: number | null, log: FastifyBaseLogger): Promise<void> {
  if (typeof cuit !== 'string' || normalizeCuit(cuit) === '') return;
  let other: { id: number } | undefined;
  try {
    const problem = cuitError(cuit);
    if (problem === CUIT_INVALID) throw refuse(406, 'EPF0003');
    if (problem !== null) throw refuse(406, 'EPF0001');
    const digits = normalizeCuit(cuit);
    await sql`select pg_advisory_xact_lock(${CUIT_LOCK}, hashtext(${digits}))`.execute(trx);
    let query = trx.selectFrom('perfil').select('id').where(sql.raw(CUIT_DIGITS_SQL), '=', digits);
    if (id !== null) query = query.where('id', '<>', id);
    other = await query.orderBy('id').executeTakeFirst();
  } catch (err) {
    if (err instanceof ApiError) throw err;
    log.error({ err }, 'the CUIT check failed');
    throw refuse(500, 'EPF1000');
  }
  if (other) throw refuse(406, 'EPF0002');
}
