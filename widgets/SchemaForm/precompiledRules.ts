/**
 * The form's validators in the app build: compiled ahead of time from schemas/ (scripts/formValidators.ts),
 * found by the key RJSF gives a schema (its $id, else the hash of its content). Same exports as rules.ts, which
 * it replaces there.
 */
import { hashForSchema, ID_KEY } from '@rjsf/utils';
import validators from 'virtual:form-validators';
import type { ValidatorOf } from './rules';

const keys = new WeakMap<object, string>();

export const validatorOf: ValidatorOf = (schema) => {
  let key = keys.get(schema);
  if (key === undefined) {
    key = (schema[ID_KEY] as string | undefined) ?? hashForSchema(schema);
    keys.set(schema, key);
  }
  const validate = validators[key];
  if (!validate) throw new Error(`No precompiled validator for schema ${key}: the app's forms take their schemas from schemas/`);
  return validate;
};
