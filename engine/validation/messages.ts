/**
 * Which message a field shows (spec §5): max decimals, min length, max length, between, max value,
 * min value, then required (with the field's label). Texts live under `validation.<code>` in the locales.
 */
import type { FieldError } from '../errors';

export const MESSAGE_PRECEDENCE = ['maxDecimal', 'minLength', 'maxLength', 'between', 'maxValue', 'minValue', 'required'] as const;

export interface FieldMessage {
  /** i18n key, e.g. 'validation.maxLength'. */
  key: string;
  /** Interpolation values: {min}, {max}, {label}. */
  params: Record<string, unknown>;
}

const COUNTED = new Set(['minLength', 'maxLength', 'minItems', 'maxItems', 'maxDecimal']);

const rank = (code: string) => {
  const i = (MESSAGE_PRECEDENCE as readonly string[]).indexOf(code);
  return i === -1 ? MESSAGE_PRECEDENCE.length : i;
};

/** The one message of a field among its errors, or null when it has none. */
export function messageFor(errors: readonly FieldError[], label: string): FieldMessage | null {
  if (errors.length === 0) return null;
  const first = [...errors].sort((a, b) => rank(a.code) - rank(b.code))[0];
  // a number field holding something else says a number is wanted, not that "the type" is wrong; a whole number
  // field given 2.5 says a whole number is (a step of 1 is one too)
  const types = String(first.params?.type ?? '').split(',');
  const code =
    first.code === 'type' && types.includes('integer') ? 'typeInteger'
    : first.code === 'type' && types.includes('number') ? 'typeNumber'
    // a value that should be a day (a report's date parameter) asks for one as a date field does
    : first.code === 'type' && types.includes('date') ? 'date'
    : first.code === 'multipleOf' && first.params?.step === 1 ? 'typeInteger'
    // an exclusive bound is refused itself: "must be greater than 0", not "the minimum value is 0"
    : first.code === 'minValue' && first.params?.exclusive ? 'greaterThan'
    : first.code === 'maxValue' && first.params?.exclusive ? 'lessThan'
    : first.code;
  // a count of characters, items or decimals agrees with its noun ("Mínimo 1 carácter"): i18next plurals
  const bound = first.params?.min ?? first.params?.max;
  const count = COUNTED.has(code) && typeof bound === 'number' ? { count: bound } : {};
  return { key: `validation.${code}`, params: { ...first.params, ...count, label } };
}

/** Groups errors by field path. */
export function errorsByField(errors: readonly FieldError[]): Map<string, FieldError[]> {
  const map = new Map<string, FieldError[]>();
  for (const e of errors) map.set(e.field, [...(map.get(e.field) ?? []), e]);
  return map;
}
