/**
 * Permissions from the manifest, enforced by the server (spec §6 Table): a role or a list of roles, none =
 * allowed. Reading (index, select, show, and every entity route) needs `readRoles`; update and updateColumn
 * also `editRoles`; delete also `removeRoles`; save (add) also `addRoles`. The table never hides its add
 * button (spec §6: the add-role setting is unused there), but the server does not let a caller create what
 * the manifest reserves: a master that everyone reads (categories feed every select) stays admin-written.
 */
import type { FastifyRequest } from 'fastify';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { isPermitted } from '../../engine/roles';
import type { AuthUser } from '../auth/access-token';
import { authUser } from '../auth/guard';
import { forbidden } from '../http/api-error';
import type { ActionSpec } from '../documents/types';

export type Action = 'read' | 'add' | 'edit' | 'remove';

/** A declared action: read permission on the entity, and the action's own roles (none = no more). */
export const permitsAction = (roles: readonly string[], entity: ResolvedEntity, spec: Pick<ActionSpec, 'roles'>) =>
  isPermitted(roles, entity.readRoles) && isPermitted(roles, spec.roles);

export function permits(roles: readonly string[], entity: ResolvedEntity, action: Action): boolean {
  if (!isPermitted(roles, entity.readRoles)) return false;
  if (action === 'edit') return isPermitted(roles, entity.editRoles);
  if (action === 'remove') return isPermitted(roles, entity.removeRoles);
  if (action === 'add') return isPermitted(roles, entity.addRoles);
  return true;
}

/** The caller, when allowed to do `action` on the entity; 403 FORBIDDEN otherwise. */
export function allow(request: FastifyRequest, entity: ResolvedEntity, action: Action): AuthUser {
  const user = authUser(request);
  if (!permits(user.roles, entity, action)) throw forbidden();
  return user;
}

/** The caller, when allowed to run the action; 403 FORBIDDEN otherwise. */
export function allowAction(request: FastifyRequest, entity: ResolvedEntity, spec: Pick<ActionSpec, 'roles'>): AuthUser {
  const user = authUser(request);
  if (!permitsAction(user.roles, entity, spec)) throw forbidden();
  return user;
}
