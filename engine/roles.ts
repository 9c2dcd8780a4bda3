/** Role checks of spec §6. Role names compare case-insensitively. */
export const ROLES = { ROOT: 'ROLE_ROOT', ADMIN: 'ROLE_ADMIN', USER: 'ROLE_USER' } as const;
export type Role = (typeof ROLES)[keyof typeof ROLES];

const norm = (r: string) => r.trim().toUpperCase();

export function hasRole(userRoles: readonly string[] | undefined, role: string): boolean {
  if (!userRoles) return false;
  const wanted = norm(role);
  return userRoles.some((r) => norm(r) === wanted);
}

/** True when the list is empty: "no requirement" admits everyone. */
export function hasAny(userRoles: readonly string[] | undefined, roles: readonly string[]): boolean {
  return roles.length === 0 || roles.some((r) => hasRole(userRoles, r));
}

export function hasAll(userRoles: readonly string[] | undefined, roles: readonly string[]): boolean {
  return roles.every((r) => hasRole(userRoles, r));
}

/** A permission setting is a single role, a list of roles, or nothing (= allowed). */
export type Permission = string | readonly string[] | undefined | null;

export function isPermitted(userRoles: readonly string[] | undefined, permission: Permission): boolean {
  if (permission == null) return true;
  return typeof permission === 'string' ? hasRole(userRoles, permission) : hasAny(userRoles, permission);
}
