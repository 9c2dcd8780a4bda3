/**
 * `registro/cancel/{id}` (issue 12): cancels an open record (status `anulado`, nobody holds it). Whoever may
 * change it may cancel it (./holding.ts); a closed or cancelled one: 409 REGISTRO_CERRADO. Its stock effects
 * are reversed in the same transaction (server/entities/stock_movimiento), and a cancelled record no longer
 * counts against its parent's quantities (./from-parent.ts). Answers the record.
 */
import { isEnded } from '../../../engine/records/states';
import { ApiError } from '../../http/api-error';
import type { ActionSpec } from '../../documents/types';
import { activityOf } from './context';
import { checkAccess, checkHolder } from './holding';
import { managed } from './managed';

export const cancel: ActionSpec<{ version?: number }> = {
  scope: 'record',
  body: { type: 'object', additionalProperties: false, properties: { version: { type: 'integer', minimum: 1 } } },
  async run({ ctx, record, body }) {
    const r = record!;
    if (body.version !== undefined && body.version !== r.version) throw new ApiError(409, 'VERSION_CONFLICT');
    await checkAccess(ctx, r.actividad as number);
    checkHolder(ctx.actor, r, await activityOf(ctx, r.actividad as number));
    if (isEnded(r.estado)) throw new ApiError(409, 'REGISTRO_CERRADO');
    return managed(ctx, () => ctx.docs.patch(ctx, 'registro', r.id, { estado: 'anulado', asignado_a: null, asignado_nombre: null }));
  },
};
