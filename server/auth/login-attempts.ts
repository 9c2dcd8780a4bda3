/**
 * Login rate limit kept in the database (login_attempt), so it holds across instances.
 * A user name is locked after `perUser` failures in the window since its last success;
 * a client address after `perIp` failures in the window, whatever the names.
 */
import { sql, type Kysely } from 'kysely';
import type { LoginLimits } from '../config';
import type { Database } from '../db/types';

export const normalizeUsername = (username: string) => username.trim().toLowerCase();

const windowStart = (limits: LoginLimits) => sql<Date>`now() - ${limits.windowMinutes}::int * interval '1 minute'`;

export async function isLocked(db: Kysely<Database>, limits: LoginLimits, username: string, ip: string): Promise<boolean> {
  const name = normalizeUsername(username);
  const lastSuccess = db
    .selectFrom('login_attempt')
    .select(sql<Date>`max(at)`.as('at'))
    .where('username', '=', name)
    .where('ok', '=', true);
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('login_attempt')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('username', '=', name)
        .where('ok', '=', false)
        .where('at', '>', windowStart(limits))
        .where(sql<boolean>`at > coalesce((${lastSuccess}), '-infinity'::timestamptz)`)
        .as('user_failures'),
      eb
        .selectFrom('login_attempt')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('ip', '=', ip)
        .where('ok', '=', false)
        .where('at', '>', windowStart(limits))
        .as('ip_failures'),
    ])
    .executeTakeFirstOrThrow();
  return Number(row.user_failures) >= limits.perUser || Number(row.ip_failures) >= limits.perIp;
}

export async function recordAttempt(db: Kysely<Database>, username: string, ip: string, ok: boolean): Promise<void> {
  await db.insertInto('login_attempt').values({ username: normalizeUsername(username), ip, ok }).execute();
  // Rows older than a day count for nothing any more.
  await db.deleteFrom('login_attempt').where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
