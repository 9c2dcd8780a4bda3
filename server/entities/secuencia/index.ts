/**
 * What the sequences master (spec §2 /backOffice/secuenciasConfig) adds to the generic entity API:
 *
 * - a sequence's nombre is unique (trimmed, ignoring case): 406 SECUENCIA_DUPLICADA, field nombre;
 * - `POST /api/secuencia/next/{id}` -> `{value, formatted}`: takes the next number (server/sequences) in a
 *   transaction of its own, for ROLE_ADMIN only (the screen is admin only; an integration calls it with an
 *   admin's token). `{id}` is the sequence's id, or its nombre (anything that is not only digits).
 */
import type { FastifyInstance } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { FieldError } from '../../../engine/errors';
import { ROLES } from '../../../engine/roles';
import { requireAnyRole } from '../../auth/guard';
import { ApiError, badRequest } from '../../http/api-error';
import { nextNumber } from '../../sequences';
import type { EntityDeps, EntityExtension } from '../extension';
import { parseId } from '../input';

/** Two-key advisory locks: this first key, then a hash of the value that must stay unique. */
const UNIQUE_LOCK = 727_101;
const NOMBRE_MAX = 60;

async function checkNombre(trx: Transaction<any>, data: Record<string, unknown>, id: number | null): Promise<FieldError[]> {
  if (typeof data.nombre !== 'string') return [];
  const key = data.nombre.trim().toLowerCase();
  // two saves of the same name wait for each other: the second sees the first
  await sql`select pg_advisory_xact_lock(${UNIQUE_LOCK}, hashtext(${key}))`.execute(trx);
  let query = trx.selectFrom('secuencia').select('id').where(sql`lower(trim(nombre))`, '=', key);
  if (id !== null) query = query.where('id', '<>', id);
  if (await query.executeTakeFirst())
    throw new ApiError(406, 'SECUENCIA_DUPLICADA', [{ field: 'nombre', code: 'SECUENCIA_DUPLICADA' }]);
  return [];
}

function parseRef(raw: string): number | string {
  if (/^\d+$/.test(raw)) return parseId(raw);
  const nombre = raw.trim();
  if (!nombre || nombre.length > NOMBRE_MAX) throw badRequest('BAD_REQUEST', [{ field: 'id', code: 'type', params: { type: 'integer' } }]);
  return nombre;
}

function secuenciaRoutes(app: FastifyInstance, { db }: EntityDeps) {
  const any = db as unknown as Kysely<any>;
  app.post<{ Params: { id: string } }>(
    '/secuencia/next/:id',
    { bodyLimit: 1024, preHandler: requireAnyRole(ROLES.ADMIN) },
    async (request) => {
      const ref = parseRef(request.params.id);
      const { value, formatted } = await any.transaction().execute((trx) => nextNumber(trx, ref));
      return { value, formatted };
    },
  );
}

export const secuencia: EntityExtension = {
  entity: 'secuencia',
  needs: ['nombre', 'prefijo', 'relleno_ceros', 'proximo_valor', 'reinicio_anual', 'anio_actual'],
  checkWrite: checkNombre,
  routes: secuenciaRoutes,
};
