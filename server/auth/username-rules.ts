/**
 * A new or renamed login's username (engine/username.ts): refused with invisible characters
 * (USERNAME_INVISIBLE_CHARS) or letters of two scripts (USERNAME_MIXED_SCRIPTS), and when it looks like another
 * login's (same skeleton: USERNAME_CONFUSABLE; the same name ignoring case: USERNAME_TAKEN). Every answer is
 * 406 with the code on `field`. Checks of new names wait for each other (a transaction-scoped advisory lock),
 * so two confusable names saved at once cannot both pass.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { usernameProblem, usernameSkeleton } from '../../engine/username';
import { ApiError } from '../http/api-error';

const USERNAME_LOCK = 727_102;

export async function checkNewUsername(trx: Kysely<any> | Transaction<any>, username: string, exceptId: number | null, field: string): Promise<void> {
  const refuse = (code: 'USERNAME_INVISIBLE_CHARS' | 'USERNAME_MIXED_SCRIPTS' | 'USERNAME_CONFUSABLE' | 'USERNAME_TAKEN') => {
    throw new ApiError(406, code, [{ field, code }]);
  };
  const problem = usernameProblem(username);
  if (problem) refuse(problem);
  await sql`select pg_advisory_xact_lock(${USERNAME_LOCK}, 0)`.execute(trx);
  const skeleton = usernameSkeleton(username);
  const others = (await trx.selectFrom('usuario').select(['id', 'username']).execute()) as { id: number; username: string }[];
  for (const other of others) {
    if (other.id === exceptId) continue;
    if (other.username.toLowerCase() === username.toLowerCase()) refuse('USERNAME_TAKEN');
    if (usernameSkeleton(other.username) === skeleton) refuse('USERNAME_CONFUSABLE');
  }
}
