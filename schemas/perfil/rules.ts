/**
 * The party's own rules (engine/metadata/rules.ts), run by the server on every write and by the form while
 * typing: a party is somebody, so it needs a name, a surname or a business name (PERFIL_SIN_NOMBRE on `nombre`).
 */
import type { EntityRules } from '../../engine/metadata/rules';

const filled = (v: unknown) => typeof v === 'string' && v.trim() !== '';

const rules: EntityRules = (doc) =>
  filled(doc.nombre) || filled(doc.apellido) || filled(doc.razon_social) ? [] : [{ field: 'nombre', code: 'PERFIL_SIN_NOMBRE' }];

export default rules;
