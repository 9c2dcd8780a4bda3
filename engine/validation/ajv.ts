/** One ajv set-up for browser and server (JSON Schema draft-07), with the project's keyword `maxDecimals`. */
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { JsonSchema } from '../metadata/types';

export function decimalsOf(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const s = String(n);
  const exp = /e-(\d+)$/.exec(s);
  if (exp) return Number(exp[1]) + (s.split('e')[0].split('.')[1]?.length ?? 0);
  return s.split('.')[1]?.length ?? 0;
}

export function createAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, verbose: true, strict: false, coerceTypes: false, useDefaults: false });
  addFormats(ajv);
  ajv.addKeyword({
    keyword: 'maxDecimals',
    type: 'number',
    schemaType: 'number',
    validate: (max: number, data: number) => decimalsOf(data) <= max,
    error: { message: 'maxDecimals' },
  });
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
