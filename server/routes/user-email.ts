/**
 * A user's own e-mail, where password recovery sends its link: read it, or change it with the current password
 * (a stolen access token alone must not be able to redirect the recovery mail). Logins of interested parties
 * get theirs from the party's form (the login sub-data of the parties' module); this is for every user, the first
 * `admin` of a fresh install included.
 */
import type { FastifyInstance } from 'fastify';
import { isEmail } from '../../engine/email';
import { authUser } from '../auth/guard';
import { beginAttempt } from '../auth/login-attempts';
import { verifyPassword } from '../auth/password-hash';
import { findUserById } from '../auth/users';
import { ApiError, badRequest, unauthorized } from '../http/api-error';
import type { AppContext } from './context';
import { NO_NUL } from './session';

const changeBody = {
  type: 'object',
  required: ['currentPassword', 'email'],
  properties: { currentPassword: { type: 'string', maxLength: 1024, pattern: NO_NUL }, email: { type: 'string', maxLength: 320, pattern: NO_NUL } },
} as const;

export function userEmailRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.post('/user/account', async (request) => {
    const user = await findUserById(db, authUser(request).id);
    if (!user?.enabled) throw unauthorized();
    return { username: user.username, email: user.email ?? '' };
  });

  app.post<{ Body: { currentPassword: string; email: string } }>('/user/changeEmail', { schema: { body: changeBody } }, async (request) => {
    const user = await findUserById(db, authUser(request).id);
    if (!user?.enabled) throw unauthorized();
    const email = request.body.email.trim();
    if (email !== '' && !isEmail(email)) throw badRequest('VALIDATION_FAILED', [{ field: 'email', code: 'email' }]);
    const attempt = await beginAttempt(db, config.loginLimits, user.username, request.ip);
    if (!(await verifyPassword(request.body.currentPassword, user.password_hash)))
      throw badRequest('WRONG_CURRENT_PASSWORD', [{ field: 'currentPassword', code: 'WRONG_CURRENT_PASSWORD' }]);
    await attempt.forget();
    await db.updateTable('usuario').set({ email: email === '' ? null : email }).where('id', '=', user.id).execute();
    return { email };
  });
}
