/**
 * What the sequences master (spec §2 /backOffice/secuenciasConfig) adds to the generic entity API (its
 * nombre is unique, trimmed and ignoring case, by schema.json: 406 SECUENCIA_DUPLICADA, field nombre):
 *
 * - `POST /api/secuencia/next/{id}` -> `{value, formatted}`: takes the next number (./numbers.ts) in a
 *   transaction of its own, for ROLE_ADMIN only (the screen is admin only; an integration calls it with an
 *   admin's token). `{id}` is the sequence's id, or its nombre (anything that is not only digits).
 */
import { ROLES } from '../../../engine/roles';
import { badRequest, notFound } from '../../http/api-error';
import { defineEntityServer } from '../../documents/types';
import { parseId } from '../input';
import { nextNumber, sequenceIdByName } from './numbers';

const NOMBRE_MAX = 60;

export default defineEntityServer({
  needs: ['nombre', 'prefijo', 'relleno_ceros', 'proximo_valor', 'reinicio_anual', 'anio_actual'],
  actions: {
    next: {
      scope: 'record',
      roles: ROLES.ADMIN,
      bodyLimit: 1024,
      async findId(ctx, raw) {
        if (/^\d+$/.test(raw)) return parseId(raw);
        const nombre = raw.trim();
        if (!nombre || nombre.length > NOMBRE_MAX) throw badRequest('BAD_REQUEST', [{ field: 'id', code: 'type', params: { type: 'integer' } }]);
        const id = await sequenceIdByName(ctx, nombre);
        if (id === undefined) throw notFound();
        return id;
      },
      async run({ ctx, id }) {
        const { value, formatted } = await nextNumber(ctx, id!);
        return { value, formatted };
      },
    },
  },
});
