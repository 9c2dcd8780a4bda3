/**
 * The validators the form runs: a schema (an entity's, or a part of it RJSF asks about to resolve conditionals)
 * -> its ajv validate function. This module compiles them at run time with the engine's ajv set-up, for
 * Storybook and the UI tests, whose fixture schemas are not in schemas/. The app build puts precompiledRules.ts
 * in its place (scripts/formValidators.ts), so the browser never compiles code and the CSP needs no 'unsafe-eval'.
 */
import type { ValidateFunction } from 'ajv';
import type { RJSFSchema } from '@rjsf/utils';
import { validatorFor } from '../../engine/validation/ajv';
import type { JsonSchema } from '../../engine/metadata/types';

export type ValidatorOf = (schema: RJSFSchema) => ValidateFunction;

/** RJSF may hand over equal schemas as new objects: one object per distinct schema keeps ajv compiling once. */
const canonical = new Map<string, JsonSchema>();

export const validatorOf: ValidatorOf = (schema) => {
  const key = JSON.stringify(schema);
  let found = canonical.get(key);
  if (!found) {
    found = schema as JsonSchema;
    canonical.set(key, found);
  }
  return validatorFor(found);
};
