/** Browser-session constants and rules of spec §4 and §9, shared by the session machine and the HTTP client. */
export const COOKIE = {
  accessToken: 'flujos_access_token',
  refreshToken: 'flujos_refresh_token',
  user: 'flujos_user',
  language: 'flujos_lang',
} as const;

export interface SessionUser {
  id: number;
  username: string;
  roles: string[];
  perfilid: number | null;
  rememberMe: boolean;
}

export interface TokenReply {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

export type LoginReply = Omit<SessionUser, 'rememberMe'> & TokenReply;

/** Access-token cookie lifetime in days: expires_in / 3600 / 25 (spec §9). */
export function accessTokenCookieDays(expiresIn: number): number {
  return expiresIn / 3600 / 25;
}

/** With rememberMe the refresh-token and user cookies last 365 days, otherwise the browser session. */
export function persistentCookieDays(rememberMe: boolean): number | undefined {
  return rememberMe ? 365 : undefined;
}

/** Authenticated only when both the user cookie and the refresh-token cookie exist (spec §4). */
export function isAuthenticated(cookies: { user?: string | null; refreshToken?: string | null }): boolean {
  return Boolean(cookies.user) && Boolean(cookies.refreshToken);
}

/** Calls that never trigger the refresh-and-retry or logout on 401 (spec §8). */
export const LOGIN_URLS = ['login', 'oauth/access_token', 'logout', 'passwordRecovery/'];
export function isLoginUrl(url: string): boolean {
  return LOGIN_URLS.some((u) => url.includes(u));
}
