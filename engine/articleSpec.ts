/**
 * An article's specification and the values measured against it (spec §3 Article, §5 "A quantitative
 * specification value must fall within its range"). One pure rule for browser and server.
 *
 * A specification row (`articulo.especificaciones[]`) is descriptive, qualitative or quantitative:
 * - quantitative: a number within `minimo`..`maximo` (either bound may be absent); `valor_objetivo` is the
 *   target, not a bound;
 * - descriptive / qualitative: free text, or one of `valores_posibles` when that list is given (one value
 *   per line, or separated by `;` or `,`; compared trimmed and ignoring case).
 * Errors use the generic input codes and params of engine/validation (between, minValue, maxValue, type,
 * enum), so the form shows the usual translated message.
 */
import type { FieldError } from './errors';

export interface Specification {
  nombre?: string;
  descriptiva?: boolean | null;
  cualitativa?: boolean | null;
  cuantitativa?: boolean | null;
  unidad?: string | null;
  minimo?: number | null;
  maximo?: number | null;
  valor_objetivo?: number | null;
  valores_posibles?: string | null;
}

export type SpecificationValue = number | string | null | undefined;

const isSet = (n: number | null | undefined): n is number => typeof n === 'number' && Number.isFinite(n);

/** The list of possible values: split on new lines, ';' or ',', trimmed, blanks dropped. */
export function possibleValues(spec: Pick<Specification, 'valores_posibles'>): string[] {
  return String(spec.valores_posibles ?? '')
    .split(/[\n;,]/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** A number, or a text holding one ('12.5', '12,5'); null when it holds none. */
export function specNumber(value: SpecificationValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  const t = value.trim().replace(',', '.');
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(t)) return null;
  return Number(t);
}

const isEmpty = (value: SpecificationValue) => value === null || value === undefined || (typeof value === 'string' && value.trim() === '');

/**
 * Checks one value against its specification. Null when it fits (or is empty: whether a value is
 * required is not this rule's business); otherwise a FieldError on `field`:
 * - quantitative, outside both bounds -> `between` {min, max}; only a minimum -> `minValue` {min};
 *   only a maximum -> `maxValue` {max}; not a number -> `type` {type: 'number'};
 * - with possible values, a value not among them -> `enum` {values}.
 */
export function checkSpecificationValue(spec: Specification, value: SpecificationValue, field = 'valor'): FieldError | null {
  if (isEmpty(value)) return null;
  if (spec.cuantitativa) {
    const n = specNumber(value);
    if (n === null) return { field, code: 'type', params: { type: 'number' } };
    const min = isSet(spec.minimo) ? spec.minimo : undefined;
    const max = isSet(spec.maximo) ? spec.maximo : undefined;
    const low = min !== undefined && n < min;
    const high = max !== undefined && n > max;
    if (!low && !high) return null;
    if (min !== undefined && max !== undefined) return { field, code: 'between', params: { min, max } };
    return low ? { field, code: 'minValue', params: { min } } : { field, code: 'maxValue', params: { max } };
  }
  const values = possibleValues(spec);
  if (values.length === 0) return null;
  const v = String(value).trim().toLocaleLowerCase('es');
  if (values.some((p) => p.toLocaleLowerCase('es') === v)) return null;
  return { field, code: 'enum', params: { values } };
}

/**
 * Checks a specification row itself: a quantitative one needs `minimo` <= `maximo`, and its target value
 * must fall within the range (the same rule as any value). Field names are those of the row.
 */
export function checkSpecification(spec: Specification): FieldError[] {
  const out: FieldError[] = [];
  if (!spec.cuantitativa) return out;
  if (isSet(spec.minimo) && isSet(spec.maximo) && spec.minimo > spec.maximo)
    out.push({ field: 'minimo', code: 'maxValue', params: { max: spec.maximo } });
  else if (isSet(spec.valor_objetivo)) {
    const e = checkSpecificationValue(spec, spec.valor_objetivo, 'valor_objetivo');
    if (e) out.push(e);
  }
  return out;
}
