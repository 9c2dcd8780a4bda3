/**
 * A run's parameter values from the report's parameters and what the caller gave: defaults first, then the
 * given values, each checked against its type; a required one left blank is an error. The server runs this
 * before it answers a run; the browser's run form runs it to show the same errors while the user types.
 */
import { isRealDay } from '../dates';
import type { FieldError } from '../errors';
import { optionsOf, type ReportParam } from './model';

/** The error code of one value of a parameter, or null when it fits. */
export function paramError(p: ReportParam, value: string): FieldError['code'] | null {
  switch (p.tipo ?? 'texto') {
    case 'numero':
      return /^-?\d+(\.\d+)?$/.test(value) ? null : 'type';
    case 'fecha':
      return isRealDay(value) ? null : 'type';
    case 'booleano':
      return value === 'true' || value === 'false' ? null : 'enum';
    case 'lista':
      return optionsOf(p).includes(value) ? null : 'enum';
    default:
      return value.length <= 500 ? null : 'maxLength';
  }
}

export function resolveParams(
  defined: readonly ReportParam[],
  given: Record<string, unknown> = {},
): { params: Record<string, string>; errors: FieldError[] } {
  const params: Record<string, string> = {};
  const errors: FieldError[] = [];
  for (const p of defined) {
    const raw = given[p.nombre];
    const value = raw == null || raw === '' ? (p.defecto ?? '') : typeof raw === 'object' ? null : String(raw).trim();
    if (value === null) {
      errors.push({ field: `params.${p.nombre}`, code: 'type' });
      continue;
    }
    if (value === '') {
      if (p.requerido) errors.push({ field: `params.${p.nombre}`, code: 'required', params: { 0: p.etiqueta || p.nombre } });
      continue;
    }
    const code = paramError(p, value);
    // a wrong date (31/02/2026) or number (1,5) is still a `type` error, one that says what is wanted: a day, a number
    const wanted = p.tipo === 'fecha' ? 'date' : p.tipo === 'numero' ? 'number' : null;
    const detail = code === 'enum' ? { allowed: p.tipo === 'booleano' ? ['true', 'false'] : optionsOf(p) } : code === 'type' && wanted ? { type: wanted } : null;
    if (code) errors.push({ field: `params.${p.nombre}`, code, ...(detail ? { params: detail } : {}) });
    else params[p.nombre] = value;
  }
  return { params, errors };
}
