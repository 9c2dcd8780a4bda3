/** The activity's flag rules (engine/workflow/activity.ts), checked by the form while typing and by the server. */
import type { EntityRules } from '../../engine/metadata/rules';
import { activityFlagErrors } from '../../engine/workflow/activity';

const rules: EntityRules = (doc) => activityFlagErrors(doc);

export default rules;
