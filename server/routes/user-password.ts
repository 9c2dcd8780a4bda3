/** Changing passwords while logged in: one's own, or (ROOT / ADMIN) anybody's; a ROOT user's by ROOT only. */
import type { FastifyInstance } from 'fastify';
import { checkNewPassword } from '../../engine/password';
import { ROLES } from '../../engine/roles';
import { authUser, requireAnyRole } from '../auth/guard';
import { beginAttempt } from '../auth/login-attempts';
import { guardLoginChange } from '../auth/login-guard';
import { verifyPassword } from '../auth/password-hash';
import { revokeAllOfUser } from '../auth/refresh-tokens';
import { findUserById, findUserByUsername, setPassword } from '../auth/users';
import { ApiError, badRequest, notFound, unauthorized } from '../http/api-error';
import type { AppContext } from './context';

const newPassword = {
  password: { type: 'string', maxLength: 1024 },
  confirmation: { type: 'string', maxLength: 1024 },
} as const;

const changeBody = {
  type: 'object',
  required: ['currentPassword', 'password', 'confirmation'],
  properties: { currentPassword: { type: 'string', maxLength: 1024 }, ...newPassword },
} as const;

const changeUserBody = {
  type: 'object',
  required: ['password', 'confirmation'],
  properties: {
    userId: { type: 'integer', minimum: 1, maximum: 2147483647 },
    username: { type: 'string', minLength: 1, maxLength: 200 },
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
      const user = userId != null ? await findUserById(db, userId) : await findUserByUsername(db, username ?? '');
      if (!user) throw notFound('USER_NOT_FOUND');
      // a ROOT user's password is set by ROOT only: an admin cannot take over the root account
      await guardLoginChange(db, authUser(request), { before: user, after: user });
      const problem = checkNewPassword(password, confirmation);
      if (problem) throw badRequest(problem);
      await setPassword(db, user.id, password);
      // The user must log in again with the new password.
      await revokeAllOfUser(db, user.id);
      return { ok: true };
    },
  );
}
