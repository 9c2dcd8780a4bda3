/** The session kept in cookies, as spec §4 and §9 say. */
import {
  COOKIE,
  accessTokenCookieDays,
  isAuthenticated,
  persistentCookieDays,
  type SessionUser,
  type TokenReply,
} from '../../engine/session';
import type { TokenStore } from '../../engine/api/client';
import { readCookie, removeCookie, writeCookie } from './cookies';

export function storedUser(): SessionUser | null {
  const user = readCookie(COOKIE.user);
  if (!isAuthenticated({ user, refreshToken: readCookie(COOKIE.refreshToken) })) return null;
  try {
    return JSON.parse(user!) as SessionUser;
  } catch {
    return null;
  }
}

/** Write the cookies of a login or refresh reply; rememberMe comes from the stored user when refreshing. */
export function saveSession(reply: TokenReply & Partial<SessionUser>, rememberMe?: boolean): SessionUser | null {
  const previous = storedUser();
  const remember = rememberMe ?? previous?.rememberMe ?? false;
  writeCookie(COOKIE.accessToken, reply.access_token, accessTokenCookieDays(reply.expires_in));
  writeCookie(COOKIE.refreshToken, reply.refresh_token, persistentCookieDays(remember));
  if (reply.id === undefined || reply.username === undefined) return previous;
  const user: SessionUser = {
    id: reply.id,
    username: reply.username,
    roles: reply.roles ?? [],
    perfilid: reply.perfilid ?? null,
    rememberMe: remember,
  };
  writeCookie(COOKIE.user, JSON.stringify(user), persistentCookieDays(remember));
  return user;
}

export function clearSession(): void {
  removeCookie(COOKIE.accessToken);
  removeCookie(COOKIE.refreshToken);
  removeCookie(COOKIE.user);
}

export const cookieTokens: TokenStore = {
  accessToken: () => readCookie(COOKIE.accessToken),
  refreshToken: () => readCookie(COOKIE.refreshToken),
  save: (reply) => void saveSession(reply),
};
