/**
 * Bearer authentication for the API: every /api route needs a valid access token except the
 * allow-list below. The verified caller is put on `request.user`.
 */
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { hasAny } from '../../engine/roles';
import { forbidden, unauthorized } from '../http/api-error';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { AccessTokens, AuthUser } from './access-token';
import { sessionAlive } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, set by the auth hook for every non-public /api route. */
    user: AuthUser | null;
  }
}

/** Route patterns (as registered) that need no access token: the login URLs and the version poll. */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  '/api/login',
  '/api/oauth/access_token',
  '/api/logout',
  '/api/passwordRecovery/sendRecoveryEmail',
  '/api/passwordRecovery/resetPassword',
  '/api/version',
]);

function bearerToken(header: string | undefined): string | null {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match ? match[1] : null;
}

export function installAuth(app: FastifyInstance, tokens: AccessTokens, db: Kysely<Database>) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    if (request.is404) return; // unknown routes answer 404, not 401
    const route = request.routeOptions.url;
    if (!route || !route.startsWith('/api/') || PUBLIC_ROUTES.has(route)) return;
    const token = bearerToken(request.headers.authorization);
    const user = token ? await tokens.verify(token) : null;
    // a token of an ended session (logout, password change, role change, disabled user) is refused at once
    if (!user || !(await sessionAlive(db, user.id, user.session))) throw unauthorized();
    request.user = user;
  });
}

/** The caller of an authenticated route. */
export function authUser(request: FastifyRequest): AuthUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A preHandler that admits callers holding any of the roles (case-insensitive); 403 FORBIDDEN otherwise. */
export function requireAnyRole(...roles: string[]): preHandlerAsyncHookHandler {
  return async (request) => {
    if (!hasAny(authUser(request).roles, roles)) throw forbidden();
  };
}
