/**
 * Checks of request input that JSON Schema does not cover, shared by the entity routes. Every failure is an
 * ApiError with a stable code (never a database error, never a 500).
 */
import type { ErrorCode, FieldError } from '../../engine/errors';
import { INT_MAX, INT_MIN, isRowId } from '../../engine/integers';
import { badRequest } from '../http/api-error';
import type { JsonSchema } from '../../engine/metadata/types';
import type { TableLayout } from './layout';

export { INT_MAX, INT_MIN };

export const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * The body as an object: absent = {}; an array, a string, a number or null = 400. Texts PostgreSQL cannot
 * store (with a NUL character) and nesting deeper than MAX_DEPTH are refused here too, with `code`.
 */
export function objectBody(body: unknown, code: ErrorCode = 'BAD_REQUEST'): Record<string, unknown> {
  if (body === undefined) return {};
  if (!isPlainObject(body)) throw badRequest('BAD_REQUEST', [{ field: '(body)', code: 'type', params: { type: 'object' } }]);
  const errors = unstorable(body);
  if (errors.length) throw badRequest(code, errors);
  return body;
}

/** 400 BAD_REQUEST naming every key not in `allowed`. */
export function onlyKeys(body: Record<string, unknown>, allowed: readonly string[]) {
  const unknown = Object.keys(body).filter((k) => !allowed.includes(k));
  if (unknown.length) throw badRequest('BAD_REQUEST', unknown.map((k) => ({ field: k, code: 'unknownField' })));
}

/** A record id: a positive integer (number or digits) that fits an integer column; 400 otherwise. */
export function parseId(raw: unknown, field = 'id'): number {
  const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!isRowId(n)) throw badRequest('BAD_REQUEST', [{ field, code: 'type', params: { type: 'integer' } }]);
  return n;
}

/** A record's version as sent: a positive integer that fits its column, or a 400 on field `version`. */
export function parseVersion(raw: unknown): number {
  if (raw == null) throw badRequest('VALIDATION_FAILED', [{ field: 'version', code: 'required' }]);
  if (!isRowId(raw)) throw badRequest('VALIDATION_FAILED', [{ field: 'version', code: 'type', params: { type: 'integer' } }]);
  return raw;
}

export const MAX_DEPTH = 32;
const MAX_REPORTED = 20;

/**
 * Where a value holds what PostgreSQL refuses: a text (or key) with the NUL character, or nesting deeper
 * than MAX_DEPTH. Walks without recursion, so no body can exhaust the stack.
 */
export function unstorable(value: unknown): FieldError[] {
  const out: FieldError[] = [];
  const stack: { v: unknown; at: string; depth: number }[] = [{ v: value, at: '', depth: 0 }];
  const join = (at: string, key: string) => (at ? `${at}.${key}` : key);
  while (stack.length && out.length < MAX_REPORTED) {
    const { v, at, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) out.push({ field: at, code: 'format', params: { format: 'text' } });
    } else if (typeof v === 'object' && v !== null) {
      if (depth >= MAX_DEPTH) {
        out.push({ field: at, code: 'format', params: { format: 'depth', max: MAX_DEPTH } });
        continue;
      }
      const entries = Array.isArray(v) ? v.map((x, i) => [String(i), x] as const) : Object.entries(v);
      for (const [k, x] of entries) {
        if (k.includes('\u0000')) out.push({ field: join(at, k.replace(/\u0000/g, '')), code: 'format', params: { format: 'text' } });
        else stack.push({ v: x, at: join(at, k), depth: depth + 1 });
      }
    }
  }
  return out;
}

/**
 * Integers outside the integer column range (the schema may not bound them): in the integer columns, and
 * in the integer properties of objects kept as JSON, which extensions use as references to integer ids.
 */
export function rangeErrors(layout: TableLayout, record: Record<string, unknown>, prefix = ''): FieldError[] {
  const out: FieldError[] = [];
  for (const f of layout.fields) {
    const v = record[f.name];
    if (f.sqlType === 'integer') integerRange(v, prefix + f.name, out);
    else if (f.sqlType === 'jsonb') nestedRange(f.schema, v, prefix + f.name, out);
  }
  return out;
}

/**
 * Integers of a JSON value (an action's body) outside the integer column range where its schema says integer
 * and sets no tighter bound: such a value would reach an integer column or parameter and fail there (a 500).
 */
export function schemaRangeErrors(schema: JsonSchema, value: unknown): FieldError[] {
  const out: FieldError[] = [];
  if (isPlainObject(value) && schema.properties)
    for (const [k, p] of Object.entries(schema.properties)) nestedRange(p, value[k], k, out);
  else nestedRange(schema, value, '(body)', out);
  return out;
}

function integerRange(v: unknown, field: string, out: FieldError[]) {
  if (typeof v !== 'number') return;
  if (v > INT_MAX) out.push({ field, code: 'maxValue', params: { max: INT_MAX } });
  if (v < INT_MIN) out.push({ field, code: 'minValue', params: { min: INT_MIN } });
}

/** Walks a JSON value along its schema (objects and arrays; the schema bounds the depth). */
function nestedRange(schema: JsonSchema | undefined, v: unknown, field: string, out: FieldError[]) {
  if (!schema || out.length >= MAX_REPORTED) return;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (types.includes('integer')) integerRange(v, field, out);
  if (isPlainObject(v) && schema.properties)
    for (const [k, p] of Object.entries(schema.properties)) nestedRange(p, v[k], `${field}.${k}`, out);
  if (Array.isArray(v) && schema.items) v.forEach((x, i) => nestedRange(schema.items, x, `${field}.${i}`, out));
}
