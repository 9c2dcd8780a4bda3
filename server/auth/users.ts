/** Reading and updating users (table usuario). */
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, Usuario } from '../db/types';
import { hashPassword } from './password-hash';

type Db = Kysely<Database> | Transaction<Database>;

export function findUserByUsername(db: Db, username: string): Promise<Usuario | undefined> {
  return db.selectFrom('usuario').selectAll().where('username', '=', username).executeTakeFirst();
}

export function findUserById(db: Db, id: number): Promise<Usuario | undefined> {
  return db.selectFrom('usuario').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<Usuario | undefined> {
  return db
    .selectFrom('usuario')
    .selectAll()
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('enabled', '=', true)
    .orderBy('id')
    .executeTakeFirst();
}

export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  const password_hash = await hashPassword(password);
  await db.updateTable('usuario').set({ password_hash }).where('id', '=', userId).execute();
}

/** The public face of a user, as the browser's session keeps it. */
export function publicUser(user: Usuario) {
  return { id: user.id, username: user.username, roles: user.roles, perfilid: user.perfilid };
}
