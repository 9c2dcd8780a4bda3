/**
 * `POST /api/user/setEnabled` `{userId | username, enabled}` -> `{id, username, enabled}`: disables or enables a
 * login directly, also one without an interested party (the first `admin`, an integration's user), for ROOT and
 * ADMIN (issue 18). The login guard's rules hold (server/auth/login-guard.ts): a ROOT user's login by ROOT only
 * (403 ROOT_ONLY), never one's own (403 OWN_ROLES), never the last enabled ROOT user (409 LAST_ROOT). Disabling
 * ends every session of the user at once. A login whose party exists follows the party's `activo` instead
 * (the party module's login sub-data): this call refuses it (409 LOGIN_FOLLOWS_PARTY), so the two never disagree.
 */
import type { FastifyInstance } from 'fastify';
import { ROLES } from '../../engine/roles';
import { authUser, requireAnyRole } from '../auth/guard';
import { guardLoginChange } from '../auth/login-guard';
import { revokeAllOfUser } from '../auth/refresh-tokens';
import { ApiError, notFound } from '../http/api-error';
import type { AppContext } from './context';
import { NO_NUL } from './session';

const body = {
  type: 'object',
  additionalProperties: false,
  required: ['enabled'],
  properties: {
    userId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    username: { type: 'string', minLength: 1, maxLength: 200, pattern: NO_NUL },
    enabled: { type: 'boolean' },
  },
  anyOf: [{ required: ['userId'] }, { required: ['username'] }],
} as const;

export function userEnabledRoutes(app: FastifyInstance, { db }: AppContext) {
  app.post<{ Body: { userId?: number; username?: string; enabled: boolean } }>(
    '/user/setEnabled',
    { schema: { body }, bodyLimit: 1024, preHandler: requireAnyRole(ROLES.ROOT, ROLES.ADMIN) },
    async (request) => {
      const { userId, username, enabled } = request.body;
      return db.transaction().execute(async (trx) => {
        // not locked here: the guard locks every ROOT user in id order (two ROOT users disabling each other would
        // deadlock on a lock taken first on the target) and reads the others after its lock
        let q = trx.selectFrom('usuario').select(['id', 'username', 'roles', 'enabled', 'perfilid']);
        q = userId != null ? q.where('id', '=', userId) : q.where('username', '=', username ?? '');
        const user = await q.executeTakeFirst();
        if (!user) throw notFound('USER_NOT_FOUND');
        if (user.perfilid != null) throw new ApiError(409, 'LOGIN_FOLLOWS_PARTY');
        if (user.enabled !== enabled) {
          await guardLoginChange(trx, authUser(request), { before: user, after: { roles: user.roles, enabled } });
          await trx.updateTable('usuario').set({ enabled }).where('id', '=', user.id).execute();
          if (!enabled) await revokeAllOfUser(trx, user.id);
        }
        return { id: user.id, username: user.username, enabled };
      });
    },
  );
}
