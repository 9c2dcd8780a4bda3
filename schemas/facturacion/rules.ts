/** The billing configuration's CUIT passes the engine's rule (EPF0003), on the server and while typing. */
import { cuitError } from '../../engine/cuit';
import type { EntityRules } from '../../engine/metadata/rules';

const rules: EntityRules = (doc) => {
  const problem = typeof doc.cuit === 'string' ? cuitError(doc.cuit) : null;
  return problem ? [{ field: 'cuit', code: problem }] : [];
};

export default rules;
