/**
 * The party's own rules (engine/metadata/rules.ts), run by the server on every write and by the form while
 * typing: a party is somebody, so it needs a name, a surname or a business name (PERFIL_SIN_NOMBRE on `nombre`);
 * a login's new password follows the password rule and matches its confirmation (PASSWORD_TOO_WEAK,
 * PASSWORD_MISMATCH: engine/password.ts), and a login sent with its roles has at least one (minItems). The form
 * says all of them at once, where the server's own checks came one save at a time.
 */
import type { FieldError } from '../../engine/errors';
import type { EntityRules } from '../../engine/metadata/rules';
import { checkNewPassword } from '../../engine/password';

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

function loginErrors(usuario: unknown): FieldError[] {
  if (!usuario || typeof usuario !== 'object') return [];
  const { username, password, confirmacion, roles } = usuario as Record<string, unknown>;
  const errors: FieldError[] = [];
  if (typeof password === 'string' && password !== '') {
    // the form always sends the confirmation; an integration may leave it out
    const problem = checkNewPassword(password, typeof confirmacion === 'string' ? confirmacion : password);
    if (problem) errors.push({ field: problem === 'PASSWORD_TOO_WEAK' ? 'usuario.password' : 'usuario.confirmacion', code: problem });
  }
  if (filled(username) && Array.isArray(roles) && roles.length === 0) errors.push({ field: 'usuario.roles', code: 'minItems', params: { min: 1 } });
  return errors;
}

const rules: EntityRules = (doc) => [
  ...(filled(doc.nombre) || filled(doc.apellido) || filled(doc.razon_social) ? [] : [{ field: 'nombre', code: 'PERFIL_SIN_NOMBRE' }]),
  ...loginErrors(doc.usuario),
];

export default rules;
