/**
 * Access tokens: JWT HS256 signed with jose; verification admits HS256 only. Each names its session (`sid`,
 * the refresh family of its login), so ending the session ends the token too (./sessions.ts).
 */
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';

export const ACCESS_TOKEN_SECONDS = 3600;

/** The verified caller of a request. */
export interface AuthUser {
  id: number;
  username: string;
  roles: string[];
  /** The session (refresh family) the token belongs to. */
  session: string;
}

export interface AccessTokens {
  sign(user: AuthUser): Promise<string>;
  /** The user, or null for anything not signed by us with HS256 and unexpired. */
  verify(token: string): Promise<AuthUser | null>;
}

/**
 * Tokens already verified, until they expire: checking a signature (HMAC through WebCrypto's thread pool) cost
 * ~0.4 ms of every request under load. Keyed by the whole token, so only the exact signed text hits; the
 * session is still checked on every request (./guard.ts). The oldest entries go first past the limit.
 */
const VERIFIED_LIMIT = 10_000;

export function accessTokens(secret: Uint8Array): AccessTokens {
  const verified = new Map<string, { user: AuthUser; exp: number }>();
  const remember = (token: string, user: AuthUser, exp: number) => {
    if (verified.size >= VERIFIED_LIMIT) verified.delete(verified.keys().next().value!);
    verified.set(token, { user, exp });
  };
  return {
    sign: (user) =>
      new SignJWT({ username: user.username, roles: user.roles, sid: user.session })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(String(user.id))
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ACCESS_TOKEN_SECONDS)
        .sign(secret),
    async verify(token) {
      const known = verified.get(token);
      if (known) {
        if (known.exp * 1000 > Date.now()) return known.user;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'], requiredClaims: ['exp', 'sub'] });
        const id = Number(payload.sub);
        const { username, roles, sid } = payload as { username?: unknown; roles?: unknown; sid?: unknown };
        if (!Number.isSafeInteger(id) || typeof username !== 'string' || typeof sid !== 'string' || sid === '') return null;
        if (!Array.isArray(roles) || !roles.every((r) => typeof r === 'string')) return null;
        const user: AuthUser = Object.freeze({ id, username, roles: Object.freeze([...roles]) as string[], session: sid });
        remember(token, user, payload.exp!);
        return user;
      } catch {
        return null;
      }
    },
  };
}

const SECRET_KEY = 'jwt_secret';

/**
 * The signing key: JWT_SECRET when set, else one generated on first start and kept in app_setting,
 * so tokens survive restarts and every instance on one database shares it.
 */
export async function loadJwtSecret(db: Kysely<Database>, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insertInto('app_setting')
    .values({ key: SECRET_KEY, value: randomBytes(64).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('app_setting').select('value').where('key', '=', SECRET_KEY).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
