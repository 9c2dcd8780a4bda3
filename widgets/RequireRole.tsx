/** Spec §6: removes its children unless the user holds the role (or any of the roles). Checks are engine/roles.ts. */
import type { ReactNode } from 'react';
import { hasAny, hasRole } from '../engine/roles';

export interface RequireRoleProps {
  /** The roles the user holds. */
  roles: readonly string[] | undefined;
  /** The user must hold this role. */
  role?: string;
  /** The user must hold one of these (an empty list admits everyone). */
  anyOf?: readonly string[];
  children: ReactNode;
}

export function RequireRole({ roles, role, anyOf, children }: RequireRoleProps) {
  const admitted = (role === undefined || hasRole(roles, role)) && (anyOf === undefined || hasAny(roles, anyOf));
  return admitted ? <>{children}</> : null;
}
