/**
 * `POST /api/perfil/perfilselectIdentificador` {pattern, offset, max, sort, sortOrder, filters}
 *   -> {total, rows: [{id, name, nombre, identificador}]}
 * A select (spec §7) of the interested parties that have an identificador, matched and labelled by it:
 * the pattern searches identificador only; default order identificador ascending; name = nombre =
 * "identificador - party name" (razon_social, else nombre and apellido), or the identificador alone.
 * Filters as in `perfil/select` (tipo, id and the column filters). Same read permission as the list.
 */
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { COMMON_FILTERS, type SelectOption } from '../../../engine/list/query';
import { allow } from '../access';
import type { EntityDeps } from '../extension';
import { objectBody, onlyKeys } from '../input';
import { queryPage, whereOf } from '../list';
import { LIST_BODY_LIMIT, listQuery } from '../list-routes';

const KEYS = ['pattern', 'offset', 'max', 'sort', 'sortOrder', 'filters'];

export function partyName(row: Record<string, unknown>): string {
  const razon = typeof row.razon_social === 'string' ? row.razon_social.trim() : '';
  if (razon) return razon;
  return [row.nombre, row.apellido].filter((x) => typeof x === 'string' && x.trim()).map((x) => (x as string).trim()).join(' ');
}

export function perfilRoutes(app: FastifyInstance, { db, entity }: EntityDeps) {
  const any = db as unknown as Kysely<any>;
  app.post('/perfil/perfilselectIdentificador', { bodyLimit: LIST_BODY_LIMIT }, async (request) => {
    allow(request, entity, 'read');
    const body = objectBody(request.body);
    onlyKeys(body, KEYS);
    const q = listQuery(body, entity, [...COMMON_FILTERS, 'id']);
    const query = body.sort == null || body.sort === '' ? { ...q, sort: 'identificador' } : q;
    const wheres = [...whereOf(entity, q, ['identificador']), (eb: any) => eb.and([eb('identificador', 'is not', null), eb('identificador', '<>', '')])];
    const page = await queryPage(any, entity, query, wheres, ['identificador', 'nombre', 'apellido', 'razon_social']);
    const rows: SelectOption[] = page.rows.map((r) => {
      const identificador = String(r.identificador);
      const name = partyName(r);
      const label = name ? `${identificador} - ${name}` : identificador;
      return { id: r.id as number, name: label, nombre: label, identificador } as SelectOption & { identificador: string };
    });
    return { total: page.total, rows };
  });
}
