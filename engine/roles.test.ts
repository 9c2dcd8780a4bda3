import { describe, expect, it } from 'vitest';
import { hasAll, hasAny, hasRole, isPermitted } from './roles';

describe('role checks', () => {
  const user = ['role_user', 'ROLE_ADMIN'];
  it('hasRole ignores case', () => {
    expect(hasRole(user, 'ROLE_USER')).toBe(true);
    expect(hasRole(user, 'role_admin')).toBe(true);
    expect(hasRole(user, 'ROLE_ROOT')).toBe(false);
    expect(hasRole(undefined, 'ROLE_USER')).toBe(false);
  });
  it('hasAny is true for an empty list', () => {
    expect(hasAny(user, [])).toBe(true);
    expect(hasAny([], [])).toBe(true);
    expect(hasAny(user, ['ROLE_ROOT', 'Role_Admin'])).toBe(true);
    expect(hasAny(user, ['ROLE_ROOT'])).toBe(false);
  });
  it('hasAll needs every role', () => {
    expect(hasAll(user, ['ROLE_USER', 'ROLE_ADMIN'])).toBe(true);
    expect(hasAll(user, ['ROLE_USER', 'ROLE_ROOT'])).toBe(false);
    expect(hasAll(user, [])).toBe(true);
  });
  it('a missing permission allows, a single role or list must be held', () => {
    expect(isPermitted(['ROLE_USER'], undefined)).toBe(true);
    expect(isPermitted(['ROLE_USER'], 'ROLE_ADMIN')).toBe(false);
    expect(isPermitted(['ROLE_USER'], ['ROLE_ADMIN', 'role_user'])).toBe(true);
  });
});
