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
 * Only the record form's fields (engine/records/editModes.ts INLINE_FIELDS) are taken and answered: another key is
 * 400 `unknownField`. An employee, or a party with a login, is no client to edit here (403 EDICION_PARTE_RESERVADA):
 * a user could otherwise read a colleague's whole file or change their own job position.
 */
import type { FieldError } from '../../../engine/errors';
import { INLINE_FIELDS, mayCreate, mayUpdate, type EditMode } from '../../../engine/records/editModes';
import { ApiError, badRequest } from '../../http/api-error';
import type { ActionSpec, Data, DocContext } from '../../documents/types';
import { activityOf } from './context';
import { checkAccess } from './holding';

interface InlineBody {
  actividad: number;
  id?: number;
  datos: Data;
}

type Kind = keyof typeof INLINE_FIELDS;
const ENTITY: Record<Kind, 'perfil' | 'articulo'> = { party: 'perfil', article: 'articulo' };

/** A party that is an employee or has a login is the back office's to edit and read: 403 otherwise. */
async function checkReservedParty(ctx: DocContext, kind: Kind, stored: Data) {
  if (kind !== 'party') return;
  const login = await ctx.trx.selectFrom('usuario').select('id').where('perfilid', '=', stored.id as number).executeTakeFirst();
  if (stored.tipo === 'empleados' || login) throw new ApiError(403, 'EDICION_PARTE_RESERVADA');
}

/** A party as the record form sees it: its id, version, kind and the form's fields (staff read no party whole); an article whole. */
const shown = (kind: Kind, stored: Data): Data =>
  kind === 'article' ? stored : Object.fromEntries(Object.entries(stored).filter(([k]) => ['id', 'version', 'tipo'].includes(k) || (INLINE_FIELDS.party as readonly string[]).includes(k)));

function inlineEdit(kind: Kind, modeField: 'edicion_cliente' | 'edicion_articulo', code: 'EDICION_CLIENTE_NO_PERMITIDA' | 'EDICION_ARTICULO_NO_PERMITIDA', fixed: Data): ActionSpec<InlineBody> {
  const entity = ENTITY[kind];
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
      const foreign: FieldError[] = Object.keys(body.datos)
        .filter((k) => !(INLINE_FIELDS[kind] as readonly string[]).includes(k))
        .map((k) => ({ field: `datos.${k}`, code: 'unknownField' }));
      if (foreign.length) throw badRequest('VALIDATION_FAILED', foreign);
      if (creating) return shown(kind, await ctx.docs.insert(ctx, entity, { ...body.datos, ...fixed }));
      const stored = await ctx.docs.get(ctx, entity, body.id!, { raw: true });
      if (!stored) throw new ApiError(404, 'NOT_FOUND');
      await checkReservedParty(ctx, kind, stored);
      return shown(kind, await ctx.docs.patch(ctx, entity, body.id!, body.datos));
    },
  };
}

/** What the update form starts from: the stored party or article, for someone whose activity lets them update it. */
function inlineShow(kind: Kind, modeField: 'edicion_cliente' | 'edicion_articulo', code: 'EDICION_CLIENTE_NO_PERMITIDA' | 'EDICION_ARTICULO_NO_PERMITIDA'): ActionSpec<{ actividad: number; id: number }> {
  return {
    scope: 'entity',
    read: true,
    body: { type: 'object', required: ['actividad', 'id'], additionalProperties: false, properties: { actividad: { type: 'integer', minimum: 1 }, id: { type: 'integer', minimum: 1 } } },
    async run({ ctx, body }) {
      await checkAccess(ctx, body.actividad);
      const mode = (await activityOf(ctx, body.actividad))[modeField] as EditMode | undefined;
      if (!mayUpdate(mode)) throw new ApiError(403, code, [{ field: modeField, code, params: { modo: mode ?? 'no_permitido' } }]);
      const stored = await ctx.docs.get(ctx, ENTITY[kind], body.id, { raw: true });
      if (!stored) throw new ApiError(404, 'NOT_FOUND');
      await checkReservedParty(ctx, kind, stored);
      return shown(kind, stored);
    },
  };
}

export const partyShow = inlineShow('party', 'edicion_cliente', 'EDICION_CLIENTE_NO_PERMITIDA');
export const articleShow = inlineShow('article', 'edicion_articulo', 'EDICION_ARTICULO_NO_PERMITIDA');
export const party = inlineEdit('party', 'edicion_cliente', 'EDICION_CLIENTE_NO_PERMITIDA', { tipo: 'clientes' });
export const article = inlineEdit('article', 'edicion_articulo', 'EDICION_ARTICULO_NO_PERMITIDA', {});
