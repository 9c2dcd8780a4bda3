/**
 * Whether an access token's session is still alive: its user exists and is enabled, and its refresh family
 * (the login it came from) is not revoked. Checked on every authenticated request, so logout, a password change
 * or reset, a role change, disabling the user and refresh-token reuse end the access tokens too, not only the
 * refresh tokens. The answer is cached for SESSION_CHECK_MS per session: another instance sees a revocation
 * within that time; this instance forgets the cached answer at once (forgetSession / forgetUserSessions).
 * A user's sessions are then not cached for a while: forgetting runs inside the revoking transaction, and a
 * request between it and the commit would otherwise cache the old answer for SESSION_CHECK_MS.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

export const SESSION_CHECK_MS = 5000;
const MAX_CACHED = 10000;
/** How long after forgetUserSessions a user's sessions are checked on every request (a transaction's span, generously). */
const UNCACHED_MS = 60_000;

interface Cached {
  userId: number;
  alive: boolean;
  until: number;
}

// keyed by the family id (a random UUID), so several servers in one process (tests) never share an entry
const cache = new Map<string, Cached>();
// user id -> until when their sessions are not cached
const uncached = new Map<number, number>();

export async function sessionAlive(db: Kysely<Database>, userId: number, session: string): Promise<boolean> {
  const now = Date.now();
  const hit = cache.get(session);
  if (hit && hit.until > now && hit.userId === userId) return hit.alive;
  const row = await db
    .selectFrom('usuario')
    .select('id')
    .where('id', '=', userId)
    .where('enabled', '=', true)
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('refresh_token')
          .select(sql.lit(1).as('one'))
          .where('family_id', '=', session)
          .where('user_id', '=', userId)
          .where('revoked_at', 'is', null),
      ),
    )
    .executeTakeFirst();
  if ((uncached.get(userId) ?? 0) > now) return row !== undefined;
  if (cache.size >= MAX_CACHED) for (const [k, v] of cache) if (v.until <= now || cache.size >= MAX_CACHED) cache.delete(k);
  cache.set(session, { userId, alive: row !== undefined, until: now + SESSION_CHECK_MS });
  return row !== undefined;
}

export function forgetSession(session: string) {
  cache.delete(session);
}

export function forgetUserSessions(userId: number) {
  const now = Date.now();
  for (const [u, until] of uncached) if (until <= now) uncached.delete(u);
  uncached.set(userId, now + UNCACHED_MS);
  for (const [k, v] of cache) if (v.userId === userId) cache.delete(k);
}
