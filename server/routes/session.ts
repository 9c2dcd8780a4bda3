/** Login, token refresh, logout and the current user (spec §7 Session). */
import type { FastifyInstance } from 'fastify';
import type { LoginReply } from '../../engine/session';
import { ACCESS_TOKEN_SECONDS } from '../auth/access-token';
import { authUser } from '../auth/guard';
import { beginAttempt } from '../auth/login-attempts';
import { verifyAgainstDummy, verifyPassword } from '../auth/password-hash';
import { revokeFamilyOf, rotate, startFamily } from '../auth/refresh-tokens';
import { findUserById, findUserByUsername, publicUser } from '../auth/users';
import type { Usuario } from '../db/types';
import { ApiError, badRequest, unauthorized } from '../http/api-error';
import type { AppContext } from './context';

/** Anonymous calls take a few kB at most, and no key they do not know: nothing big is parsed or walked. */
export const SMALL_PUBLIC_BODY = 4 * 1024;
/** Texts without the NUL character, which PostgreSQL cannot take as a query parameter (else a 500). */
export const NO_NUL = '^[^\\u0000]*$';

export const loginBody = {
  type: 'object',
  additionalProperties: false,
  required: ['username', 'password'],
  properties: {
    username: { type: 'string', minLength: 1, maxLength: 200, pattern: NO_NUL },
    password: { type: 'string', minLength: 1, maxLength: 1024, pattern: NO_NUL },
    rememberMe: { type: 'boolean' },
  },
} as const;

export const refreshBody = {
  type: 'object',
  additionalProperties: false,
  required: ['grant_type', 'refresh_token'],
  properties: {
    grant_type: { type: 'string', maxLength: 100, pattern: NO_NUL },
    refresh_token: { type: 'string', minLength: 1, maxLength: 200, pattern: NO_NUL },
  },
} as const;

export const logoutBody = {
  type: 'object',
  additionalProperties: false,
  required: ['refresh_token'],
  properties: { refresh_token: { type: 'string', maxLength: 200, pattern: NO_NUL } },
} as const;

export function sessionRoutes(app: FastifyInstance, { db, config, tokens }: AppContext) {
  async function reply(user: Usuario, refreshToken: string, session: string): Promise<LoginReply> {
    const access_token = await tokens.sign({ id: user.id, username: user.username, roles: user.roles, session });
    return { ...publicUser(user), access_token, refresh_token: refreshToken, expires_in: ACCESS_TOKEN_SECONDS };
  }

  app.post<{ Body: { username: string; password: string; rememberMe?: boolean } }>(
    '/login',
    { schema: { body: loginBody }, bodyLimit: SMALL_PUBLIC_BODY },
    async (request) => {
      const { username, password, rememberMe = false } = request.body;
      const attempt = await beginAttempt(db, config.loginLimits, username, request.ip);
      const user = await findUserByUsername(db, username);
      const ok = user?.enabled ? await verifyPassword(password, user.password_hash) : await verifyAgainstDummy(password);
      if (!ok || !user) throw unauthorized('LOGIN_FAILED'); // the attempt stays a failure
      await attempt.succeeded();
      const started = await startFamily(db, user.id, rememberMe);
      return reply(user, started.token, started.family);
    },
  );

  app.post<{ Body: { grant_type: string; refresh_token: string } }>(
    '/oauth/access_token',
    { schema: { body: refreshBody }, bodyLimit: SMALL_PUBLIC_BODY },
    async (request) => {
      if (request.body.grant_type !== 'refresh_token') throw badRequest();
      const result = await rotate(db, request.body.refresh_token);
      if (!result.ok) throw unauthorized('INVALID_REFRESH_TOKEN');
      const user = await findUserById(db, result.userId);
      if (!user?.enabled) {
        await revokeFamilyOf(db, result.token);
        throw unauthorized('INVALID_REFRESH_TOKEN');
      }
      return reply(user, result.token, result.family);
    },
  );

  app.post<{ Body: { refresh_token: string } }>('/logout', { schema: { body: logoutBody }, bodyLimit: SMALL_PUBLIC_BODY }, async (request) => {
    await revokeFamilyOf(db, request.body.refresh_token);
    return { ok: true };
  });

  app.get('/me', async (request) => {
    const user = await findUserById(db, authUser(request).id);
    if (!user?.enabled) throw unauthorized();
    return publicUser(user);
  });
}

