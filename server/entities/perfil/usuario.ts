/**
 * The user sub-data of an interested party (spec §3: user — username, password, roles). The login lives in
 * the core table usuario (server/auth), linked by `usuario.perfilid` = the perfil's id, so the login reply's
 * perfilid names the party. The perfil row never holds any of it: `stored` drops the sub-data, `present`
 * answers `usuario: {username, roles}` from table usuario (never a password or its hash).
 *
 * On save / update with `usuario.username` (in the same transaction as the perfil):
 * - no linked user yet: one is created; the password is required and must pass the one password rule
 *   (engine/password.ts) -> 406 PASSWORD_TOO_WEAK on `usuario.password`;
 * - a linked user: username, roles and the enabled flag follow the record; a password only when one is
 *   given (none keeps the current one; a new one ends every session of the user);
 * - the username is kept in NFKC form, unique ignoring case -> 406 USERNAME_TAKEN on `usuario.username`; a new or
 *   changed one must not look like another login's (USERNAME_CONFUSABLE, USERNAME_INVISIBLE_CHARS,
 *   USERNAME_MIXED_SCRIPTS: server/auth/username-rules.ts);
 * - roles: only known roles (the schema's enum); absent keeps the current ones; a login needs at least one
 *   (400 on `usuario.roles`, code minItems);
 * - e-mail (where password recovery writes): the one given, else the first e-mail of the party's contacts;
 * - only ROLE_ROOT or ROLE_ADMIN may create a login or change one (username, password, roles, enabled):
 *   anyone else gets 403 FORBIDDEN. Sending back the unchanged sub-data is allowed to everyone;
 * - ROLE_ROOT, one's own roles and the last ROOT user: server/auth/login-guard.ts (ROOT_ONLY, OWN_ROLES, LAST_ROOT);
 * - the login is enabled while the perfil is `activo` (absent counts as active), with or without the sub-data
 *   (an inline edit of activo disables the login directly); disabling it ends its sessions.
 * Without a username (or without the sub-data) the linked user is otherwise left as it is. Deleting the
 * perfil disables its user and unlinks it (perfilid null); the user stays for the audit trail.
 */
import { sql, type Kysely } from 'kysely';
import { isStrongPassword } from '../../../engine/password';
import { normalizeUsername } from '../../../engine/username';
import { hasAny, ROLES } from '../../../engine/roles';
import { hashPassword } from '../../auth/password-hash';
import { guardLoginChange } from '../../auth/login-guard';
import { checkNewUsername } from '../../auth/username-rules';
import { revokeAllOfUser } from '../../auth/refresh-tokens';
import { ApiError, badRequest, forbidden } from '../../http/api-error';
import type { Data, DocContext } from '../../documents/types';
import { isPlainObject } from '../input';

export interface UsuarioSubData {
  username: string;
  password?: string;
  roles?: string[];
}

/** The sub-data as sent, tidied: username trimmed, blank password and blank sub-data dropped. */
export function tidyUsuario(value: unknown): Data | undefined {
  if (!isPlainObject(value)) return value === undefined || value === null ? undefined : (value as Data);
  const out: Data = { ...value };
  if (typeof out.username === 'string') out.username = normalizeUsername(out.username);
  if (out.username === '' || out.username === null) delete out.username;
  if (out.password === '' || out.password === null) delete out.password;
  if (out.confirmacion === '' || out.confirmacion === null) delete out.confirmacion;
  if (out.roles === null) delete out.roles;
  if (typeof out.email === 'string') out.email = out.email.trim();
  if (out.email === '' || out.email === null) delete out.email;
  const empty = out.username === undefined && out.password === undefined && out.email === undefined && (out.roles === undefined || (Array.isArray(out.roles) && out.roles.length === 0));
  return empty && Object.keys(out).every((k) => ['username', 'password', 'confirmacion', 'roles', 'email'].includes(k)) ? undefined : out;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => {
  const x = [...new Set(a.map((r) => r.toUpperCase()))].sort();
  const y = [...new Set(b.map((r) => r.toUpperCase()))].sort();
  return x.length === y.length && x.every((r, i) => r === y[i]);
};

async function linkedUser(db: Kysely<any>, perfilId: number) {
  return db
    .selectFrom('usuario')
    .select(['id', 'username', 'roles', 'enabled', 'email'])
    .where('perfilid', '=', perfilId)
    .orderBy('id')
    .executeTakeFirst() as Promise<{ id: number; username: string; roles: string[]; enabled: boolean; email: string | null } | undefined>;
}

/** `usuario: {username, roles, email?}` of the perfil's login, or undefined. */
export async function usuarioOf(db: Kysely<any>, perfilId: number): Promise<{ username: string; roles: string[]; email?: string } | undefined> {
  const user = await linkedUser(db, perfilId);
  return user ? { username: user.username, roles: user.roles, ...(user.email ? { email: user.email } : {}) } : undefined;
}

/** The first non-blank e-mail of the party's contacts: the login's e-mail when none is given. */
function contactEmail(data: Data): string | null {
  const contacts = Array.isArray(data.contactos) ? (data.contactos as unknown[]) : [];
  for (const c of contacts) if (isPlainObject(c) && typeof c.email === 'string' && c.email.trim() !== '') return c.email.trim();
  return null;
}

const usernameTaken = () => new ApiError(406, 'USERNAME_TAKEN', [{ field: 'usuario.username', code: 'USERNAME_TAKEN' }]);

/** Creates or updates the perfil's login from its sub-data (the rules above). */
export async function syncUsuario(ctx: DocContext, perfilId: number, data: Data): Promise<void> {
  const trx = ctx.trx;
  const sub = isPlainObject(data.usuario) ? data.usuario : undefined;
  const username = typeof sub?.username === 'string' ? sub.username : '';
  const password = typeof sub?.password === 'string' ? sub.password : '';
  const roles = Array.isArray(sub?.roles) ? (sub.roles as string[]) : undefined;
  const enabled = data.activo !== false;
  if (!username) {
    if (password || roles?.length) throw badRequest('VALIDATION_FAILED', [{ field: 'usuario.username', code: 'required' }]);
    // no sub-data (an inline edit of activo, an integration): the login still follows the party's activo
    const linked = await linkedUser(trx, perfilId);
    if (linked && linked.enabled !== enabled) await setEnabled(ctx, linked, enabled);
    return;
  }
  const linked = await linkedUser(trx, perfilId);
  const newRoles = roles ?? linked?.roles ?? [];
  const email = (typeof sub?.email === 'string' && sub.email !== '' ? sub.email : null) ?? contactEmail(data);
  const changes =
    !linked ||
    linked.username !== username ||
    password !== '' ||
    !sameRoles(linked.roles, newRoles) ||
    linked.enabled !== enabled ||
    (linked.email ?? null) !== email;
  if (!changes) return;
  if (!hasAny(ctx.actor.roles, [ROLES.ROOT, ROLES.ADMIN])) throw forbidden();
  await guardLoginChange(trx, ctx.actor, { before: linked, after: { roles: newRoles, enabled } });

  if (!linked || linked.username !== username) await checkNewUsername(trx, username, linked?.id ?? null, 'usuario.username');
  const missing = [
    ...(!linked && !password ? [{ field: 'usuario.password', code: 'required' }] : []),
    ...(newRoles.length === 0 ? [{ field: 'usuario.roles', code: 'minItems', params: { min: 1 } }] : []),
  ];
  if (missing.length) throw badRequest('VALIDATION_FAILED', missing);
  if (password && !isStrongPassword(password))
    throw new ApiError(406, 'PASSWORD_TOO_WEAK', [{ field: 'usuario.password', code: 'PASSWORD_TOO_WEAK' }]);
  // the form always sends the confirmation; an integration may leave it out
  if (password && typeof sub?.confirmacion === 'string' && sub.confirmacion !== password)
    throw new ApiError(406, 'PASSWORD_MISMATCH', [{ field: 'usuario.confirmacion', code: 'PASSWORD_MISMATCH' }]);
  const password_hash = password ? await hashPassword(password) : undefined;
  try {
    if (linked) {
      await trx
        .updateTable('usuario')
        .set({ username, roles: sql`${newRoles}::text[]`, enabled, email, ...(password_hash ? { password_hash } : {}) })
        .where('id', '=', linked.id)
        .execute();
      // the user's tokens carry the name and roles: a new password, name or roles, or disabling, ends every session
      if (password_hash || !enabled || username !== linked.username || !sameRoles(linked.roles, newRoles)) await revokeAllOfUser(trx, linked.id);
    } else {
      await trx
        .insertInto('usuario')
        .values({ username, password_hash, roles: sql`${newRoles}::text[]`, perfilid: perfilId, enabled, email })
        .execute();
    }
  } catch (err) {
    if ((err as { code?: string }).code === '23505') throw usernameTaken();
    throw err;
  }
}

/** Enables or disables a linked login (ADMIN / ROOT, the login guard's rules); disabling ends its sessions. */
async function setEnabled(ctx: DocContext, linked: { id: number; roles: string[]; enabled: boolean }, enabled: boolean) {
  if (!hasAny(ctx.actor.roles, [ROLES.ROOT, ROLES.ADMIN])) throw forbidden();
  await guardLoginChange(ctx.trx, ctx.actor, { before: linked, after: { roles: linked.roles, enabled } });
  await ctx.trx.updateTable('usuario').set({ enabled }).where('id', '=', linked.id).execute();
  if (!enabled) await revokeAllOfUser(ctx.trx, linked.id);
}

/** Delete: the perfil's login is disabled (its sessions end) and stays, without its perfil, for the audit trail. */
export async function unlinkUsuario(ctx: DocContext, perfilId: number): Promise<void> {
  const linked = await linkedUser(ctx.trx, perfilId);
  if (linked?.enabled) await setEnabled(ctx, linked, false);
  await ctx.trx.updateTable('usuario').set({ perfilid: null }).where('perfilid', '=', perfilId).execute();
}
