/**
 * Who may change a login (issue 18): besides holding ROLE_ADMIN or ROLE_ROOT (checked by each route),
 *
 * - only ROOT grants or removes ROLE_ROOT, creates a ROOT login, or changes anything of a ROOT user's login
 *   (password, username, roles, enabled, its party deleted): 403 ROOT_ONLY;
 * - nobody changes their own roles or disables their own login: 403 OWN_ROLES;
 * - the last enabled ROOT user stays ROOT and enabled: 409 LAST_ROOT. Every ROOT user is locked (in id order,
 *   so two such changes queue instead of deadlocking) for the transaction: two ROOT users demoting each other
 *   at once cannot both pass.
 */
import { sql, type Kysely, type Transaction } from 'kysely';
import { hasRole, ROLES } from '../../engine/roles';
import { ApiError } from '../http/api-error';

/** A login as it is, or as it will be. */
export interface LoginState {
  roles: readonly string[];
  enabled: boolean;
}

export interface LoginChange {
  /** The login as it is; absent for a new one. */
  before?: LoginState & { id: number };
  /** The login as it will be; absent when it is deleted. */
  after?: LoginState;
}

const isRoot = (s: LoginState | undefined) => Boolean(s && hasRole(s.roles, ROLES.ROOT));
const activeRoot = (s: LoginState | undefined) => Boolean(s && s.enabled && isRoot(s));
const sameRoles = (a: readonly string[], b: readonly string[]) => {
  const x = [...new Set(a.map((r) => r.toUpperCase()))].sort();
  const y = [...new Set(b.map((r) => r.toUpperCase()))].sort();
  return x.length === y.length && x.every((r, i) => r === y[i]);
};

export const rootOnly = () => new ApiError(403, 'ROOT_ONLY');

/** Refuses the change (the rules above); call it only for a real change, in the transaction that makes it. */
export async function guardLoginChange(
  db: Kysely<any> | Transaction<any>,
  actor: { id: number | null; roles: readonly string[] },
  change: LoginChange,
): Promise<void> {
  const { before, after } = change;
  if ((isRoot(before) || isRoot(after)) && !hasRole(actor.roles, ROLES.ROOT)) throw rootOnly();
  if (before && before.id === actor.id && (!after || !after.enabled || !sameRoles(before.roles, after.roles)))
    throw new ApiError(403, 'OWN_ROLES');
  if (activeRoot(before) && !activeRoot(after)) {
    const roots = await db
      .selectFrom('usuario')
      .select('id')
      .where('enabled', '=', true)
      .where(sql<boolean>`exists (select 1 from unnest(roles) as r(role) where upper(r.role) = ${ROLES.ROOT})`)
      .orderBy('id')
      .forUpdate()
      .execute();
    if (!roots.some((r) => r.id !== before!.id)) throw new ApiError(409, 'LAST_ROOT');
  }
}
