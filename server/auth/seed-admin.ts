/** First start: when there is no user at all, create `admin` with every role. Later starts change nothing. */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { isStrongPassword } from '../../engine/password';
import { ROLES } from '../../engine/roles';
import type { Database } from '../db/types';
import { hashPassword } from './password-hash';

export const ADMIN_USERNAME = 'admin';
export const ADMIN_ROLES = [ROLES.ROOT, ROLES.ADMIN, ROLES.USER];

function generatePassword(): string {
  // base64url gives letters, digits, '-' and '_'; the suffix guarantees every class of the rule.
  return `${randomBytes(15).toString('base64url')}-Aa1`;
}

export async function seedAdmin(db: Kysely<Database>, configured: string | undefined, log: FastifyBaseLogger, email?: string): Promise<void> {
  const anyone = await db.selectFrom('usuario').select('id').limit(1).executeTakeFirst();
  if (anyone) return;
  const password = configured ?? generatePassword();
  const password_hash = await hashPassword(password);
  // Insert only while the table is still empty, so two instances starting together create one admin.
  const inserted = await db
    .insertInto('usuario')
    .columns(['username', 'password_hash', 'roles', 'perfilid', 'email', 'enabled'])
    .expression(
      db
        .selectNoFrom([
          sql<string>`${ADMIN_USERNAME}::text`.as('username'),
          sql<string>`${password_hash}::text`.as('password_hash'),
          sql<string[]>`${ADMIN_ROLES}::text[]`.as('roles'),
          sql<number | null>`null::integer`.as('perfilid'),
          sql<string | null>`${email ?? null}::text`.as('email'),
          sql.lit(true).as('enabled'),
        ])
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('usuario').select('id')))),
    )
    .onConflict((oc) => oc.column('username').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!inserted) return;
  if (configured) {
    log.info(`Created the first user "${ADMIN_USERNAME}" with the password from ADMIN_PASSWORD`);
    if (!isStrongPassword(configured)) log.warn('ADMIN_PASSWORD is weak: change it after the first login');
  } else {
    log.warn(`Initial admin password: ${password}  (user "${ADMIN_USERNAME}"; shown only this once, change it after the first login)`);
  }
}
