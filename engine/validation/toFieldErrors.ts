/**
 * ajv errors -> FieldError with the stable codes of spec §8 (required, minLength, maxLength, between, ...), one
 * per field and code. Pure: the server's run-time validators and the browser's precompiled ones both end here.
 */
import type { ErrorObject } from 'ajv';
import type { FieldError } from '../errors';
import type { JsonSchema } from '../metadata/types';

/** JSON pointer '/contactos/0/email' -> 'contactos.0.email'. */
const toPath = (pointer: string) => pointer.replace(/^\//, '').split('/').filter(Boolean).join('.');

function fieldErrorOf(e: ErrorObject): FieldError {
  const at = toPath(e.instancePath);
  const join = (child: string) => (at ? `${at}.${child}` : child);
  const p = e.params as Record<string, unknown>;
  const parent = e.parentSchema as JsonSchema | undefined;
  switch (e.keyword) {
    case 'required':
    case 'dependencies': // a conditional required that holds
      return { field: join(String(p.missingProperty)), code: 'required' };
    case 'additionalProperties':
      return { field: join(String(p.additionalProperty)), code: 'unknownField' };
    case 'minLength':
      // an empty text where at least one character is needed reads as "required"
      return { field: at, code: 'minLength', params: { min: p.limit } };
    case 'maxLength':
      return { field: at, code: 'maxLength', params: { max: p.limit } };
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      if (parent && parent.minimum !== undefined && parent.maximum !== undefined)
        return { field: at, code: 'between', params: { min: parent.minimum, max: parent.maximum } };
      // an exclusive bound keeps its stable code; `exclusive` lets the message say the bound itself is refused
      if (e.keyword === 'exclusiveMaximum') return { field: at, code: 'maxValue', params: { max: p.limit, exclusive: true } };
      if (e.keyword === 'exclusiveMinimum') return { field: at, code: 'minValue', params: { min: p.limit, exclusive: true } };
      return e.keyword === 'maximum' ? { field: at, code: 'maxValue', params: { max: p.limit } } : { field: at, code: 'minValue', params: { min: p.limit } };
    case 'maxDecimals':
      return { field: at, code: 'maxDecimal', params: { max: e.schema } };
    case 'minItems':
      return { field: at, code: 'minItems', params: { min: p.limit } };
    case 'maxItems':
      return { field: at, code: 'maxItems', params: { max: p.limit } };
    case 'format':
      return { field: at, code: p.format === 'email' ? 'email' : 'format', params: { format: p.format } };
    case 'enum':
      return { field: at, code: 'enum' };
    case 'multipleOf':
      return { field: at, code: 'multipleOf', params: { step: p.multipleOf } };
    case 'type':
      return { field: at, code: 'type', params: { type: p.type } };
    default:
      return { field: at, code: e.keyword };
  }
}

/** The errors of one validation run; one error per field and code. */
export function toFieldErrors(errors: readonly ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const e of errors ?? []) {
    const fe = fieldErrorOf(e);
    const key = `${fe.field}|${fe.code}`;
    if (!seen.has(key)) {
      seen.add(key);
      out.push(fe);
    }
  }
  return out;
}
