/** A record against its schema, compiled at run time (server, tests): the stable field error codes of spec §8. */
import type { FieldError } from '../errors';
import type { JsonSchema } from '../metadata/types';
import { validatorFor } from './ajv';
import { toFieldErrors } from './toFieldErrors';

/** Validates a record; one error per field and code. */
export function validateRecord(schema: JsonSchema, data: unknown): FieldError[] {
  const validate = validatorFor(schema);
  return validate(data) ? [] : toFieldErrors(validate.errors);
}
