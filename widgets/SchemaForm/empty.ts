/** The value a widget emits when its input is emptied: `ui:options.emptyValue`, else null for a nullable type, else undefined. */
import type { RJSFSchema } from '@rjsf/utils';

export function emptyValueOf(schema: RJSFSchema, options: { emptyValue?: unknown } = {}): unknown {
  if (options.emptyValue !== undefined) return options.emptyValue;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('null') ? null : undefined;
}
