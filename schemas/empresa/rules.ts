/**
 * The company's own rules: its CUIT, printed on every invoice, passes the same check as a customer's
 * (engine/cuit.ts, EPF0003 on `cuit`). Run by the server on every write and by the form while typing.
 */
import { cuitError } from '../../engine/cuit';
import type { EntityRules } from '../../engine/metadata/rules';

const rules: EntityRules = (doc) => {
  const problem = typeof doc.cuit === 'string' ? cuitError(doc.cuit) : null;
  return problem ? [{ field: 'cuit', code: problem }] : [];
};

export default rules;
