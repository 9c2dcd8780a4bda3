/**
 * Parties and articles created or updated from the record form (spec §9 "client and article edit modes";
 * issue 11): `registro/party` and `registro/article` `{actividad, id?, datos}` write a client (perfil) or an
 * article through the write pipeline for someone working in `actividad`, as far as the activity's mode lets:
 *
 * | `edicion_cliente` / `edicion_articulo` | create (no `id`) | update (`id`) |
 * | --- | --- | --- |
 * | `no_permitido` (default) | no | no |
 * | `solo_actualizar` | no | yes |
 * | `solo_crear` | yes | no |
 * | `ambos` | yes | yes |
 *
 * `registro/partyShow` and `registro/articleShow` `{actividad, id}` answer the stored one where it may be updated
 * (staff may not read parties whole otherwise). A refusal answers 403 EDICION_CLIENTE_NO_PERMITIDA / EDICION_ARTICULO_NO_PERMITIDA; a caller who may not work
 * in the activity, 403 REGISTRO_SIN_PERMISO. These calls are how staff without the party or article manifests'
 * write roles still keep them current where their activity says so. A created client is of kind `clientes`.
 */
import { mayCreate, mayUpdate, type EditMode } from '../../../engine/records/editModes';
import { ApiError } from '../../http/api-error';
import type { ActionSpec, Data } from '../../documents/types';
import { activityOf } from './context';
import { checkAccess } from './holding';

interface InlineBody {
  actividad: number;
  id?: number;
  datos: Data;
}

/** Fields of the stored record a caller never sets here. */
const KEPT = ['id', 'version'];

function inlineEdit(entity: 'perfil' | 'articulo', modeField: 'edicion_cliente' | 'edicion_articulo', code: 'EDICION_CLIENTE_NO_PERMITIDA' | 'EDICION_ARTICULO_NO_PERMITIDA', fixed: Data): ActionSpec<InlineBody> {
  return {
    scope: 'entity',
    body: {
      type: 'object',
      required: ['actividad', 'datos'],
      additionalProperties: false,
      properties: { actividad: { type: 'integer', minimum: 1 }, id: { type: 'integer', minimum: 1 }, datos: { type: 'object' } },
    },
    async run({ ctx, body }) {
      await checkAccess(ctx, body.actividad);
      const mode = (await activityOf(ctx, body.actividad))[modeField] as EditMode | undefined;
      const creating = body.id === undefined;
      if (creating ? !mayCreate(mode) : !mayUpdate(mode)) throw new ApiError(403, code, [{ field: modeField, code, params: { modo: mode ?? 'no_permitido' } }]);
      const datos = Object.fromEntries(Object.entries(body.datos).filter(([k]) => !KEPT.includes(k)));
      if (creating) return ctx.docs.insert(ctx, entity, { ...datos, ...fixed });
      const stored = await ctx.docs.get(ctx, entity, body.id!, { raw: true });
      if (!stored) throw new ApiError(404, 'NOT_FOUND');
      return ctx.docs.patch(ctx, entity, body.id!, datos);
    },
  };
}

/** What the update form starts from: the stored party or article, for someone whose activity lets them update it. */
function inlineShow(entity: 'perfil' | 'articulo', modeField: 'edicion_cliente' | 'edicion_articulo', code: 'EDICION_CLIENTE_NO_PERMITIDA' | 'EDICION_ARTICULO_NO_PERMITIDA'): ActionSpec<{ actividad: number; id: number }> {
  return {
    scope: 'entity',
    read: true,
    body: { type: 'object', required: ['actividad', 'id'], additionalProperties: false, properties: { actividad: { type: 'integer', minimum: 1 }, id: { type: 'integer', minimum: 1 } } },
    async run({ ctx, body }) {
      await checkAccess(ctx, body.actividad);
      const mode = (await activityOf(ctx, body.actividad))[modeField] as EditMode | undefined;
      if (!mayUpdate(mode)) throw new ApiError(403, code, [{ field: modeField, code, params: { modo: mode ?? 'no_permitido' } }]);
      const stored = await ctx.docs.get(ctx, entity, body.id);
      if (!stored) throw new ApiError(404, 'NOT_FOUND');
      return stored;
    },
  };
}

export const partyShow = inlineShow('perfil', 'edicion_cliente', 'EDICION_CLIENTE_NO_PERMITIDA');
export const articleShow = inlineShow('articulo', 'edicion_articulo', 'EDICION_ARTICULO_NO_PERMITIDA');
export const party = inlineEdit('perfil', 'edicion_cliente', 'EDICION_CLIENTE_NO_PERMITIDA', { tipo: 'clientes' });
export const article = inlineEdit('articulo', 'edicion_articulo', 'EDICION_ARTICULO_NO_PERMITIDA', {});
