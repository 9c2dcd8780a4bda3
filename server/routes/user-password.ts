/** Changing passwords while logged in: one's own, or (ROOT / ADMIN) anybody's; a ROOT user's by ROOT only. */
import type { FastifyInstance } from 'fastify';
import { checkNewPassword } from '../../engine/password';
import { ROLES } from '../../engine/roles';
import { authUser, requireAnyRole } from '../auth/guard';
import { beginAttempt } from '../auth/login-attempts';
import { guardLoginChange } from '../auth/login-guard';
import { hashPassword, verifyPassword } from '../auth/password-hash';
import { revokeAllOfUser } from '../auth/refresh-tokens';
import { forgetUserSessions } from '../auth/sessions';
import { findUserById, findUserByUsername, setPassword } from '../auth/users';
import { ApiError, badRequest, notFound, unauthorized } from '../http/api-error';
import type { AppContext } from './context';
import { NO_NUL } from './session';

const newPassword = {
  password: { type: 'string', maxLength: 1024, pattern: NO_NUL },
  confirmation: { type: 'string', maxLength: 1024, pattern: NO_NUL },
} as const;

const changeBody = {
  type: 'object',
  required: ['currentPassword', 'password', 'confirmation'],
  properties: { currentPassword: { type: 'string', maxLength: 1024, pattern: NO_NUL }, ...newPassword },
} as const;

const changeUserBody = {
  type: 'object',
  required: ['password', 'confirmation'],
  properties: {
    userId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    username: { type: 'string', minLength: 1, maxLength: 200, pattern: NO_NUL },
    ...newPassword,
  },
  anyOf: [{ required: ['userId'] }, { required: ['username'] }],
} as const;

export function userPasswordRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.post<{ Body: { currentPassword: string; password: string; confirmation: string } }>(
    '/user/changePassword',
    { schema: { body: changeBody } },
    async (request) => {
      const me = authUser(request);
      const user = await findUserById(db, me.id);
      if (!user?.enabled) throw unauthorized();
      // Wrong current passwords count as failed logins: a stolen access token cannot guess the password.
      const attempt = await beginAttempt(db, config.loginLimits, user.username, request.ip);
      if (!(await verifyPassword(request.body.currentPassword, user.password_hash))) throw badRequest('WRONG_CURRENT_PASSWORD'); // stays a failure
      await attempt.forget();
      const problem = checkNewPassword(request.body.password, request.body.confirmation);
      if (problem) throw badRequest(problem);
      await setPassword(db, user.id, request.body.password);
      // the other sessions end (a thief's included); this one goes on
      await revokeAllOfUser(db, user.id, me.session);
      return { ok: true };
    },
  );

  app.post<{ Body: { userId?: number; username?: string; password: string; confirmation: string } }>(
    '/user/changeUserPassword',
    { schema: { body: changeUserBody }, preHandler: requireAnyRole(ROLES.ROOT, ROLES.ADMIN) },
    async (request) => {
      const { userId, username, password, confirmation } = request.body;
      const found = userId != null ? await findUserById(db, userId) : await findUserByUsername(db, username ?? '');
      if (!found) throw notFound('USER_NOT_FOUND');
      await guardLoginChange(db, authUser(request), { before: found, after: found }); // early refusal, checked again below
      const problem = checkNewPassword(password, confirmation);
      if (problem) throw badRequest(problem);
      const password_hash = await hashPassword(password); // slow: before the row is locked
      await db.transaction().execute(async (trx) => {
        // The check and the change see the same row, locked: a promotion to ROOT committed meanwhile is seen
        // (ROOT_ONLY), one still running waits for this change. A ROOT user's password is set by ROOT only.
        const user = await trx.selectFrom('usuario').select(['id', 'roles', 'enabled']).where('id', '=', found.id).forUpdate().executeTakeFirst();
        if (!user) throw notFound('USER_NOT_FOUND');
        await guardLoginChange(trx, authUser(request), { before: user, after: user });
        await trx.updateTable('usuario').set({ password_hash }).where('id', '=', user.id).execute();
        // The user must log in again with the new password.
        await revokeAllOfUser(trx, user.id);
      });
      // again after the commit: a request between the revocation and the commit may have cached the old state
      forgetUserSessions(found.id);
      return { ok: true };
    },
  );
}
