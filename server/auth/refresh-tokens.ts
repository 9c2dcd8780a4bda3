/**
 * Refresh tokens with rotation. A login starts a family; every refresh marks the presented token used
 * and issues a new one in the same family. Presenting a used token means it was copied: the whole
 * family (that login) is revoked.
 */
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/types';
import { forgetSession, forgetUserSessions } from './sessions';
import { hashToken, newOpaqueToken } from './tokens';

const DAY = 24 * 3600;
export const REFRESH_SECONDS = { rememberMe: 365 * DAY, session: DAY } as const;

type Db = Kysely<Database> | Transaction<Database>;

const lifetime = (rememberMe: boolean) => (rememberMe ? REFRESH_SECONDS.rememberMe : REFRESH_SECONDS.session);
const expiresIn = (seconds: number) => sql<Date>`now() + ${seconds}::int * interval '1 second'`;

async function insertToken(db: Db, userId: number, familyId: string, rememberMe: boolean): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto('refresh_token')
    .values({
      token_hash: hashToken(token),
      family_id: familyId,
      user_id: userId,
      remember_me: rememberMe,
      expires_at: expiresIn(lifetime(rememberMe)),
    })
    .execute();
  return token;
}

/** Starts a new family (a login) and returns its first token and the family. Also drops this user's long-expired rows. */
export async function startFamily(db: Db, userId: number, rememberMe: boolean): Promise<{ token: string; family: string }> {
  await db
    .deleteFrom('refresh_token')
    .where('user_id', '=', userId)
    .where('expires_at', '<', sql<Date>`now() - interval '7 days'`)
    .execute();
  const family = randomUUID();
  return { token: await insertToken(db, userId, family, rememberMe), family };
}

export type RotateResult =
  | { ok: true; token: string; family: string; userId: number; rememberMe: boolean }
  | { ok: false; reason: 'unknown' | 'revoked' | 'expired' | 'reused' };

export async function rotate(db: Kysely<Database>, token: string): Promise<RotateResult> {
  return db.transaction().execute(async (trx): Promise<RotateResult> => {
    const row = await trx
      .selectFrom('refresh_token')
      .select(['id', 'family_id', 'user_id', 'remember_me', 'used_at', 'revoked_at'])
      .select(sql<boolean>`expires_at <= now()`.as('expired'))
      .where('token_hash', '=', hashToken(token))
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    if (row.used_at) {
      await revokeFamily(trx, row.family_id);
      return { ok: false, reason: 'reused' };
    }
    if (row.expired) return { ok: false, reason: 'expired' };
    await trx.updateTable('refresh_token').set({ used_at: sql<Date>`now()` }).where('id', '=', row.id).execute();
    const next = await insertToken(trx, row.user_id, row.family_id, row.remember_me);
    return { ok: true, token: next, family: row.family_id, userId: row.user_id, rememberMe: row.remember_me };
  });
}

export async function revokeFamily(db: Db, familyId: string): Promise<void> {
  forgetSession(familyId);
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: sql<Date>`now()` })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  forgetSession(familyId);
}

/** Logout: revokes the family of the given token; unknown tokens are ignored. */
export async function revokeFamilyOf(db: Db, token: string): Promise<void> {
  const row = await db
    .selectFrom('refresh_token')
    .select('family_id')
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (row) await revokeFamily(db, row.family_id);
}

/**
 * Ends every login of a user (a password reset, a role change, disabling), or every one but `except` (the
 * caller's own session, when they change their own password). Their access tokens stop working too.
 */
export async function revokeAllOfUser(db: Db, userId: number, except?: string): Promise<void> {
  forgetUserSessions(userId);
  await db
    .updateTable('refresh_token')
    .set({ revoked_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .$if(except !== undefined, (q) => q.where('family_id', '<>', except!))
    .execute();
  forgetUserSessions(userId);
}
