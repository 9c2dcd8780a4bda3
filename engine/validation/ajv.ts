/**
 * One ajv set-up (JSON Schema draft-07) with the project's keyword `maxDecimals`. The server compiles with it
 * at run time; the app build compiles the schemas of schemas/ with it ahead of time (scripts/formValidators.ts),
 * so the browser never compiles code. Storybook and the UI tests compile the fixture schemas at run time.
 */
import Ajv, { type Options, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../metadata/types';
import { maxDecimals } from './maxDecimals';

export function createAjv(options: Options = {}): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, coerceTypes: false, useDefaults: false, ...options });
  addFormats(ajv);
  ajv.addKeyword(maxDecimals);
  return ajv;
}

let shared: Ajv | undefined;
const cache = new WeakMap<object, ValidateFunction>();

/** Compiled once per schema object. */
export function validatorFor(schema: JsonSchema): ValidateFunction {
  shared ??= createAjv();
  let fn = cache.get(schema);
  if (!fn) {
    fn = shared.compile(schema);
    cache.set(schema, fn);
  }
  return fn;
}
