/**
 * Permissions from the manifest, enforced by the server (spec §6 Table): a role or a list of roles, none =
 * allowed. Reading (index, select, show, and every entity route) needs `readRoles`; update and updateColumn
 * also `editRoles`; delete also `removeRoles`; save (add) also `addRoles`: the server does not let a caller create
 * what the manifest reserves (a master that everyone reads, categories feed every select, stays admin-written; a log
 * the server writes, nobody), and the screens offer adding, editing and saving only as these allow.
 * `selectRoles` opens only the narrow view (select: id and option label; actions declared `narrow`) to more
 * roles than readRoles: a seller picks a client by name without reading the client's personal data.
 */
import type { FastifyRequest } from 'fastify';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { isPermitted } from '../../engine/roles';
import type { AuthUser } from '../auth/access-token';
import { authUser } from '../auth/guard';
import { badRequest, forbidden } from '../http/api-error';
import type { ActionSpec } from '../documents/types';

export type Action = 'select' | 'read' | 'add' | 'edit' | 'remove';

/** The narrow view: whoever may read, and whoever holds selectRoles. */
const permitsSelect = (roles: readonly string[], entity: ResolvedEntity) =>
  isPermitted(roles, entity.readRoles) || (entity.selectRoles != null && isPermitted(roles, entity.selectRoles));

/**
 * A declared action: read (or, for a narrow one, select) permission on the entity, and the action's own roles; a
 * writing action that declares none needs the entity's editRoles (unless `forReaders`): a write is never open to
 * every reader by omission.
 */
export const permitsAction = (roles: readonly string[], entity: ResolvedEntity, spec: Pick<ActionSpec, 'roles' | 'narrow' | 'read' | 'forReaders'>) =>
  (spec.narrow ? permitsSelect(roles, entity) : isPermitted(roles, entity.readRoles)) &&
  isPermitted(roles, spec.roles ?? (spec.read || spec.forReaders ? null : entity.editRoles));

export function permits(roles: readonly string[], entity: ResolvedEntity, action: Action): boolean {
  if (action === 'select') return permitsSelect(roles, entity);
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
export function allowAction(request: FastifyRequest, entity: ResolvedEntity, spec: Pick<ActionSpec, 'roles' | 'narrow' | 'read' | 'forReaders'>): AuthUser {
  const user = authUser(request);
  if (!permitsAction(user.roles, entity, spec)) throw forbidden();
  return user;
}

/**
 * A caller who holds only the narrow view (selectRoles, not readRoles) filters and sorts by the option's own
 * fields, the common filters and `extra` only: a filter on a personal field (a document number) would tell
 * whose it is. 400 BAD_REQUEST otherwise, as for an unknown filter.
 */
export function checkNarrowQuery(
  roles: readonly string[],
  entity: ResolvedEntity,
  query: { sort?: unknown; filters: Record<string, unknown> },
  extra: readonly string[] = [],
) {
  if (isPermitted(roles, entity.readRoles)) return;
  const open = new Set(['id', 'tipo', 'parentid', ...entity.labelFields, ...extra]);
  const errors = Object.keys(query.filters)
    .filter((k) => !open.has(k))
    .map((k) => ({ field: `filters.${k}`, code: 'unknownFilter', params: { value: k } }));
  if (typeof query.sort === 'string' && query.sort !== '' && !open.has(query.sort))
    errors.push({ field: 'sort', code: 'unknownSort', params: { value: query.sort } });
  if (errors.length) throw badRequest('BAD_REQUEST', errors);
}
