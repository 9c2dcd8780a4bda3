/**
 * The article's own rules (engine/metadata/rules.ts), run by the server on every write and by the form while
 * typing: each specification row passes the engine's rule (engine/articleSpec.ts) — a quantitative one needs
 * minimo <= maximo and its valor_objetivo within the range — with errors on `especificaciones.<i>.<field>`.
 */
import { checkSpecification, type Specification } from '../../engine/articleSpec';
import type { FieldError } from '../../engine/errors';
import type { EntityRules } from '../../engine/metadata/rules';

const rules: EntityRules = (doc) => {
  const errors: FieldError[] = [];
  const specs = Array.isArray(doc.especificaciones) ? doc.especificaciones : [];
  specs.forEach((spec, i) => {
    if (spec && typeof spec === 'object')
      for (const e of checkSpecification(spec as Specification)) errors.push({ ...e, field: `especificaciones.${i}.${e.field}` });
  });
  return errors;
};

export default rules;
