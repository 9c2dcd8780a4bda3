/**
 * The form's RJSF validator runs the engine's rule set (engine/validation: the same ajv set-up, custom keyword
 * `maxDecimals` and error codes the server uses), so browser and server cannot disagree. The validate
 * functions come from ./rules: compiled at run time in Storybook and tests, ahead of time in the app build.
 * A date field holding typed text that is no real date is an error too (engine/validation/typedDates.ts), and so is
 * a select holding typed text that picked nothing (`unpicked`: the form's SelectWidgets report it).
 * `isValid`, which RJSF calls to resolve if/then/else, oneOf and dependencies while rendering (for instance to
 * mark a conditional required field), runs the same validators.
 */
import { ID_KEY, JUNK_OPTION_ID, type RJSFSchema, type RJSFValidationError, type UiSchema, type ValidationData, type ValidatorType } from '@rjsf/utils';
import { toFieldErrors } from '../../engine/validation/toFieldErrors';
import { wrongDates } from '../../engine/validation/typedDates';
import type { JsonSchema } from '../../engine/metadata/types';
import type { FieldError } from '../../engine/errors';
import type { EntityRules } from '../../engine/metadata/rules';
import { encodeFieldError, toErrorSchema } from './errorCodes';
import { validatorOf } from './rules';

/**
 * Codes the form does not show: `unknownField` (a loaded record carries id, version and other stored
 * columns the form has no input for; the server still refuses real unknown fields) and the summary errors
 * of conditionals (their real error is reported on the field itself).
 */
const HIDDEN_CODES = new Set(['unknownField', 'if', 'anyOf', 'oneOf', 'not']);

/** The record's field errors as the form shows them. */
export function formFieldErrors(schema: RJSFSchema, data: unknown): FieldError[] {
  const validate = validatorOf(schema);
  const errors = validate(data ?? {}) ? [] : toFieldErrors(validate.errors);
  return errors.filter((e) => !HIDDEN_CODES.has(e.code));
}

function toValidationError(e: FieldError): RJSFValidationError {
  const message = encodeFieldError(e);
  return { name: e.code, property: e.field ? `.${e.field}` : '.', message, params: e.params ?? {}, stack: `${e.field} ${e.code}` };
}

/**
 * `root`: the form's schema. RJSF validates live edits against the schema resolved for the current data (its
 * conditionals applied); the record is checked against the root instead, as the server checks it.
 * `rules`: the entity's own rules (schemas/<entity>/rules.ts), the same function the server runs on a write.
 * `unpicked`: the selects holding typed text that picked nothing, at the time of each validation (SchemaForm).
 */
export function createEngineValidator<T = unknown>(root?: RJSFSchema, rules?: EntityRules, unpicked?: () => readonly FieldError[]): ValidatorType<T> {
  return {
    validateFormData(formData: T | undefined, schema: RJSFSchema, _custom?: unknown, _transform?: unknown, uiSchema?: UiSchema<T>): ValidationData<T> {
      const found = formFieldErrors(root ?? schema, formData);
      if (rules) found.push(...rules((formData ?? {}) as Record<string, unknown>));
      // a typed date that is no real date, or a typed text no option was picked for, says so, not what the schema or a
      // rule makes of the value left behind
      const typed = [...wrongDates((root ?? schema) as JsonSchema, uiSchema, formData), ...(unpicked?.() ?? [])];
      const errors = [...typed, ...found.filter((e) => !typed.some((d) => d.field === e.field))];
      return { errors: errors.map(toValidationError), errorSchema: toErrorSchema<T>(errors) };
    },
    isValid(schema, formData) {
      if (schema[ID_KEY] === JUNK_OPTION_ID) return false;
      return validatorOf(schema)(formData) === true;
    },
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: T) {
      const validate = validatorOf(root ?? schema);
      validate(formData);
      return { errors: (validate.errors ?? undefined) as Result[] | undefined };
    },
  };
}
