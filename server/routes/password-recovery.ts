/**
 * Password recovery: a mail with a single-use link (valid 1 hour), then the reset itself.
 * sendRecoveryEmail always answers 200, so it does not tell which users exist; the link starts with PUBLIC_URL or
 * an allowed origin only (../http/link-origin.ts), else 503 RECOVERY_UNAVAILABLE and a warning in the log.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { checkNewPassword } from '../../engine/password';
import { hashPassword } from '../auth/password-hash';
import { revokeAllOfUser } from '../auth/refresh-tokens';
import { hashToken, newOpaqueToken } from '../auth/tokens';
import { findUserByEmail, findUserByUsername } from '../auth/users';
import { ApiError, badRequest } from '../http/api-error';
import { linkOrigin } from '../http/link-origin';
import { preferredLang } from '../http/lang';
import { enqueueMail } from '../mail/outbox';
import { passwordRecoveryMail } from '../mail/templates';
import type { AppContext } from './context';
import { NO_NUL, SMALL_PUBLIC_BODY } from './session';

export const RESET_TOKEN_SECONDS = 3600;
/** Recovery mails per user and hour; more requests are ignored silently (no mailbox flooding). */
const MAILS_PER_HOUR = 5;

export const sendBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 200, pattern: NO_NUL },
    email: { type: 'string', minLength: 1, maxLength: 320, pattern: NO_NUL },
  },
  anyOf: [{ required: ['username'] }, { required: ['email'] }],
} as const;

export const resetBody = {
  type: 'object',
  additionalProperties: false,
  required: ['token', 'password', 'confirmation'],
  properties: {
    token: { type: 'string', minLength: 1, maxLength: 200, pattern: NO_NUL },
    password: { type: 'string', maxLength: 1024, pattern: NO_NUL },
    confirmation: { type: 'string', maxLength: 1024, pattern: NO_NUL },
  },
} as const;

export function passwordRecoveryRoutes(app: FastifyInstance, { db, config }: AppContext) {
  app.post<{ Body: { username?: string; email?: string } }>(
    '/passwordRecovery/sendRecoveryEmail',
    { schema: { body: sendBody }, bodyLimit: SMALL_PUBLIC_BODY, config: { rateLimit: { max: 20, timeWindow: '15 minutes' } } },
    async (request) => {
      // decided before any user is looked up: the answer tells nothing about who exists
      const origin = linkOrigin(request, config);
      if (!origin) {
        request.log.warn(
          { host: request.host },
          'password recovery refused: PUBLIC_URL is unset and the request origin is not in ALLOWED_ORIGINS (a forged Host must not get a reset link)',
        );
        throw new ApiError(503, 'RECOVERY_UNAVAILABLE');
      }
      const { username, email } = request.body;
      let user = username ? await findUserByUsername(db, username.trim()) : undefined;
      const byEmail = email ?? (username?.includes('@') ? username : undefined);
      if (!user && byEmail) user = await findUserByEmail(db, byEmail);
      if (!user?.enabled || !user.email) return { ok: true };

      const recent = await db
        .selectFrom('password_reset')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('user_id', '=', user.id)
        .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
        .executeTakeFirstOrThrow();
      if (Number(recent.n) >= MAILS_PER_HOUR) return { ok: true };

      const token = newOpaqueToken();
      const link = `${origin}/#/auth/resetPassword/${token}`;
      const mail = passwordRecoveryMail(preferredLang(request.headers['accept-language']), user.email, user.username, link);
      const userId = user.id;
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('password_reset')
          .values({
            token_hash: hashToken(token),
            user_id: userId,
            expires_at: sql<Date>`now() + ${RESET_TOKEN_SECONDS}::int * interval '1 second'`,
          })
          .execute();
        await enqueueMail(trx, mail);
      });
      return { ok: true };
    },
  );

  app.post<{ Body: { token: string; password: string; confirmation: string } }>(
    '/passwordRecovery/resetPassword',
    { schema: { body: resetBody }, bodyLimit: SMALL_PUBLIC_BODY },
    async (request) => {
      const { token, password, confirmation } = request.body;
      const tokenHash = hashToken(token);
      const valid = await db
        .selectFrom('password_reset')
        .select('id')
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!valid) throw badRequest('INVALID_RESET_TOKEN');
      const problem = checkNewPassword(password, confirmation);
      if (problem) throw badRequest(problem);
      const password_hash = await hashPassword(password);

      const done = await db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('password_reset')
          .set({ used_at: sql<Date>`now()` })
          .where('token_hash', '=', tokenHash)
          .where('used_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .returning('user_id')
          .executeTakeFirst();
        if (!used) return false;
        await trx.updateTable('usuario').set({ password_hash }).where('id', '=', used.user_id).execute();
        // Other links sent before are void too, and every login of the user ends.
        await trx
          .updateTable('password_reset')
          .set({ used_at: sql<Date>`now()` })
          .where('user_id', '=', used.user_id)
          .where('used_at', 'is', null)
          .execute();
        await revokeAllOfUser(trx, used.user_id);
        return true;
      });
      if (!done) throw badRequest('INVALID_RESET_TOKEN');
      return { ok: true };
    },
  );
}
