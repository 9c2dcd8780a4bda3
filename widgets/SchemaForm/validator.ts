/**
 * The form's RJSF validator runs the engine's rule set (engine/validation: the same ajv set-up, custom
 * keyword `maxDecimals` and error codes the server uses), so browser and server cannot disagree.
 * RJSF's own ajv validator is kept only for `isValid`, which RJSF calls to resolve if/then/else, oneOf and
 * dependencies while rendering (for instance to mark a conditional required field).
 */
import type { RJSFSchema, RJSFValidationError, ValidationData, ValidatorType } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import { validatorFor } from '../../engine/validation/ajv';
import { validateRecord } from '../../engine/validation/fieldErrors';
import type { FieldError } from '../../engine/errors';
import type { JsonSchema } from '../../engine/metadata/types';
import { encodeFieldError, toErrorSchema } from './errorCodes';

/**
 * Codes the form does not show: `unknownField` (a loaded record carries id, version and other stored
 * columns the form has no input for; the server still refuses real unknown fields) and the summary errors
 * of conditionals (their real error is reported on the field itself).
 */
const HIDDEN_CODES = new Set(['unknownField', 'if', 'anyOf', 'oneOf', 'not']);

/** RJSF may hand over equal schemas as new objects: one object per distinct schema keeps ajv compiling once. */
const canonical = new Map<string, JsonSchema>();
function canonicalSchema(schema: RJSFSchema): JsonSchema {
  const key = JSON.stringify(schema);
  let found = canonical.get(key);
  if (!found) {
    found = schema as JsonSchema;
    canonical.set(key, found);
  }
  return found;
}

/** The record's field errors as the form shows them. */
export function formFieldErrors(schema: RJSFSchema, data: unknown): FieldError[] {
  return validateRecord(canonicalSchema(schema), data ?? {}).filter((e) => !HIDDEN_CODES.has(e.code));
}

function toValidationError(e: FieldError): RJSFValidationError {
  const message = encodeFieldError(e);
  return { name: e.code, property: e.field ? `.${e.field}` : '.', message, params: e.params ?? {}, stack: `${e.field} ${e.code}` };
}

let resolver: ValidatorType | undefined;

export function createEngineValidator<T = unknown>(): ValidatorType<T> {
  resolver ??= customizeValidator();
  const rjsf = resolver;
  return {
    validateFormData(formData: T | undefined, schema: RJSFSchema): ValidationData<T> {
      const errors = formFieldErrors(schema, formData);
      return { errors: errors.map(toValidationError), errorSchema: toErrorSchema<T>(errors) };
    },
    isValid: (schema, formData, rootSchema) => rjsf.isValid(schema, formData, rootSchema),
    rawValidation<Result = unknown>(schema: RJSFSchema, formData?: T) {
      const validate = validatorFor(canonicalSchema(schema));
      validate(formData);
      return { errors: (validate.errors ?? undefined) as Result[] | undefined };
    },
  };
}
