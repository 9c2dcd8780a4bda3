/**
 * Login throttling kept in the database (login_attempt), so it holds across instances: each password check is
 * a row (user name, client address, ok); how long an attempt must wait is decided by ./login-delay.ts from the
 * failures of its pair, of its name from unknown addresses and of its address. A refused attempt answers 429
 * LOGIN_LOCKED with the wait (`Retry-After`, and `seconds` / `minutes` for the login screen). Parallel attempts
 * cannot slip past: see beginAttempt.
 */
import { sql, type Kysely } from 'kysely';
import type { LoginLimits } from '../config';
import type { Database } from '../db/types';
import { ApiError } from '../http/api-error';
import { loginDelay, type AttemptStats } from './login-delay';

/** The name as throttled: one name however it is typed (case, full-width forms). */
export const throttleName = (username: string) => username.normalize('NFKC').trim().toLowerCase();

/** 429 LOGIN_LOCKED: wait `seconds` before trying again. */
export function loginLocked(seconds: number): ApiError {
  const params = { seconds, minutes: Math.max(1, Math.ceil(seconds / 60)) };
  return new ApiError(429, 'LOGIN_LOCKED', [{ field: 'username', code: 'LOGIN_LOCKED', params }]);
}

async function stats(db: Kysely<Database>, limits: LoginLimits, name: string, ip: string, self: number): Promise<AttemptStats> {
  const window = sql`now() - ${limits.windowMinutes}::int * interval '1 minute'`;
  const known = sql`now() - ${limits.knownDays}::int * interval '1 day'`;
  const { rows } = await sql<{ [k: string]: number | boolean | null }>`
    with f as (
      select username, ip, at from login_attempt where not ok and at > ${window} and id <> ${self} and (username = ${name} or ip = ${ip})
    ), known_ips as (
      select distinct ip from login_attempt where ok and username = ${name} and at > ${known}
    ), pair_success as (
      select max(at) as at from login_attempt where ok and username = ${name} and ip = ${ip}
    )
    select
      (select count(*)::int from f where username = ${name} and ip = ${ip} and at > coalesce((select at from pair_success), '-infinity')) as pair_n,
      (select extract(epoch from now() - max(at))::float8 from f where username = ${name} and ip = ${ip}) as pair_age,
      (select count(*)::int from f where username = ${name} and ip not in (select ip from known_ips)) as account_n,
      (select extract(epoch from now() - max(at))::float8 from f where username = ${name} and ip not in (select ip from known_ips)) as account_age,
      (select count(*)::int from f where ip = ${ip}) as address_n,
      (select extract(epoch from now() - max(at))::float8 from f where ip = ${ip}) as address_age,
      exists (select 1 from known_ips where ip = ${ip}) as known
  `.execute(db);
  const r = rows[0];
  const count = (n: unknown, age: unknown) => ({ n: Number(n ?? 0), age: age == null ? Infinity : Math.max(0, Number(age)) });
  return {
    pair: count(r.pair_n, r.pair_age),
    account: count(r.account_n, r.account_age),
    address: count(r.address_n, r.address_age),
    knownAddress: r.known === true,
  };
}

/** A password check under way: it counts as a failure unless it ends otherwise. */
export interface LoginAttempt {
  /** The password was right: the attempt is a success (the pair's failures are over, the address is known). */
  succeeded(): Promise<void>;
  /** The attempt does not count at all (a right password that is not a login, e.g. changing it). */
  forget(): Promise<void>;
}

/**
 * Starts a password check for `username` from `ip`, or throws 429 LOGIN_LOCKED with the wait. The attempt is
 * written as a failure BEFORE the counts are read, so parallel attempts see each other: of a burst, at most the
 * free failures get a password check. A refused attempt is not kept, so hammering does not extend the wait.
 */
export async function beginAttempt(db: Kysely<Database>, limits: LoginLimits, username: string, ip: string): Promise<LoginAttempt> {
  const name = throttleName(username);
  const { id } = await db.insertInto('login_attempt').values({ username: name, ip, ok: false }).returning('id').executeTakeFirstOrThrow();
  const seconds = loginDelay(await stats(db, limits, name, ip, id), limits);
  if (seconds > 0) {
    await db.deleteFrom('login_attempt').where('id', '=', id).execute();
    throw loginLocked(seconds);
  }
  // Failures older than the window count for nothing; successes say which addresses are known for knownDays.
  await sql`delete from login_attempt where (not ok and at < now() - ${limits.windowMinutes}::int * interval '1 minute')
    or (ok and at < now() - ${limits.knownDays}::int * interval '1 day')`.execute(db);
  return {
    succeeded: async () => {
      await db.updateTable('login_attempt').set({ ok: true, at: sql<Date>`now()` }).where('id', '=', id).execute();
      // one success row per pair is enough
      await db.deleteFrom('login_attempt').where('ok', '=', true).where('username', '=', name).where('ip', '=', ip).where('id', '<>', id).execute();
    },
    forget: async () => {
      await db.deleteFrom('login_attempt').where('id', '=', id).execute();
    },
  };
}
