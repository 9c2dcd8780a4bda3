/**
 * `POST /api/perfil/perfilselectIdentificador` {pattern, offset, max, sort, sortOrder, filters}
 *   -> {total, rows: [{id, name, nombre, identificador}]}
 * A select (spec §7) of the interested parties that have an identificador, matched and labelled by it:
 * the pattern searches identificador only; default order identificador ascending; name = nombre =
 * "identificador - party name" (razon_social, else nombre and apellido), or the identificador alone.
 * Filters as in `perfil/select` (tipo, id and the column filters). Who may call it: as `perfil/select`, the
 * narrow view (selectRoles), whose callers filter and sort by tipo, id, the name fields and identificador only.
 */
import { COMMON_FILTERS, type SelectOption } from '../../../engine/list/query';
import type { ActionSpec } from '../../documents/types';
import { checkNarrowQuery } from '../access';
import { onlyKeys } from '../input';
import { queryPage, whereOf } from '../list';
import { listQuery } from '../list-routes';

const KEYS = ['pattern', 'offset', 'max', 'sort', 'sortOrder', 'filters'];

export function partyName(row: Record<string, unknown>): string {
  const razon = typeof row.razon_social === 'string' ? row.razon_social.trim() : '';
  if (razon) return razon;
  return [row.nombre, row.apellido].filter((x) => typeof x === 'string' && x.trim()).map((x) => (x as string).trim()).join(' ');
}

export const perfilselectIdentificador: ActionSpec<Record<string, unknown>> = {
  checksBody: true,
  scope: 'entity',
  read: true,
  narrow: true,
  async run({ ctx, entity, body }) {
    onlyKeys(body, KEYS);
    const q = listQuery(body, entity, [...COMMON_FILTERS, 'id']);
    checkNarrowQuery(ctx.actor.roles, entity, { sort: body.sort, filters: q.filters }, ['identificador']);
    const query = body.sort == null || body.sort === '' ? { ...q, sort: 'identificador' } : q;
    const wheres = [...whereOf(entity, q), (eb: any) => eb.and([eb('identificador', 'is not', null), eb('identificador', '<>', '')])];
    const page = await queryPage(ctx.trx, entity, query, wheres, ['identificador', 'nombre', 'apellido', 'razon_social'], { paths: ['identificador'] });
    const rows: SelectOption[] = page.rows.map((r) => {
      const identificador = String(r.identificador);
      const name = partyName(r);
      const label = name ? `${identificador} - ${name}` : identificador;
      return { id: r.id as number, name: label, nombre: label, identificador } as SelectOption & { identificador: string };
    });
    return { total: page.total, rows };
  },
};
