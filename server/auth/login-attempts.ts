/**
 * Login rate limit kept in the database (login_attempt), so it holds across instances.
 * A user name is locked after `perUser` failures in the window since its last success;
 * a client address after `perIp` failures in the window, whatever the names. Parallel attempts cannot
 * slip past the limit: see beginAttempt.
 */
import { sql, type Kysely } from 'kysely';
import type { LoginLimits } from '../config';
import type { Database } from '../db/types';

export const normalizeUsername = (username: string) => username.trim().toLowerCase();

const windowStart = (limits: LoginLimits) => sql<Date>`now() - ${limits.windowMinutes}::int * interval '1 minute'`;

/** Failures counted against a user name (since its last success) and against a client address, in the window. */
async function failures(db: Kysely<Database>, limits: LoginLimits, name: string, ip: string) {
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
  return { user: Number(row.user_failures), ip: Number(row.ip_failures) };
}

/** A password check under way: it counts as a failure unless it ends otherwise. */
export interface LoginAttempt {
  /** The password was right: the attempt is a success (it resets the user name's count). */
  succeeded(): Promise<void>;
  /** The attempt does not count at all (a right password that is not a login, e.g. changing it). */
  forget(): Promise<void>;
}

/**
 * Starts a password check for `username` from `ip`, or answers null when either is locked. The attempt is
 * written as a failure BEFORE the counts are read, so parallel attempts see each other: of a burst, at most
 * the limit get a password check (each one's count includes every attempt written before it). A locked
 * attempt is not kept, so hammering a locked name does not extend its lock.
 */
export async function beginAttempt(db: Kysely<Database>, limits: LoginLimits, username: string, ip: string): Promise<LoginAttempt | null> {
  const name = normalizeUsername(username);
  const { id } = await db.insertInto('login_attempt').values({ username: name, ip, ok: false }).returning('id').executeTakeFirstOrThrow();
  const counts = await failures(db, limits, name, ip);
  if (counts.user > limits.perUser || counts.ip > limits.perIp) {
    await db.deleteFrom('login_attempt').where('id', '=', id).execute();
    return null;
  }
  // Rows older than a day count for nothing any more.
  await db.deleteFrom('login_attempt').where('at', '<', sql<Date>`now() - interval '1 day'`).execute();
  return {
    succeeded: async () => {
      await db.updateTable('login_attempt').set({ ok: true, at: sql<Date>`now()` }).where('id', '=', id).execute();
    },
    forget: async () => {
      await db.deleteFrom('login_attempt').where('id', '=', id).execute();
    },
  };
}
