/**
 * The server side of the tax-number check (spec §5 "the tax-number check is done by the server", §8): the
 * number itself with the engine's rule (engine/cuit.ts, the same the browser may run). "Not used by another
 * interested party" is schema.json's uniqueness rule on `datos_fiscales.cuit` (code EPF0002), over the
 * formatted number every write stores. Every outcome has its code, with a field error on
 * `datos_fiscales.cuit`; an unexpected failure of the check is EPF1000, never a bare 500.
 *
 * | outcome                                   | status | code    |
 * | ----------------------------------------- | ------ | ------- |
 * | not a valid CUIT (digits, prefix, check)  | 406    | EPF0003 |
 * | used by another perfil                    | 406    | EPF0002 |
 * | the engine answered something unknown     | 406    | EPF0001 |
 * | the check itself failed (a bug)           | 500    | EPF1000 |
 */
import { CUIT_INVALID, cuitError, normalizeCuit } from '../../../engine/cuit';
import type { FieldError } from '../../../engine/errors';
import { ApiError } from '../../http/api-error';
import type { Logger } from '../../documents/types';

export const CUIT_FIELD = 'datos_fiscales.cuit';

/** Field errors of the number (absent or blank: none); `rule` is the engine's check (a seam for tests). */
export function checkCuit(cuit: unknown, log: Logger, rule: (cuit: string) => string | null = cuitError): FieldError[] {
  if (typeof cuit !== 'string' || normalizeCuit(cuit) === '') return [];
  try {
    const problem = rule(cuit);
    if (problem === null) return [];
    return [{ field: CUIT_FIELD, code: problem === CUIT_INVALID ? 'EPF0003' : 'EPF0001' }];
  } catch (err) {
    log.error({ err }, 'the CUIT check failed');
    throw new ApiError(500, 'EPF1000', [{ field: CUIT_FIELD, code: 'EPF1000' }]);
  }
}
