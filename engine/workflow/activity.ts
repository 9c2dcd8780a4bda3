/**
 * An activity's behaviour flags (spec §3 Process and activity, §5) and the rules between them, pure: the
 * activity form checks them while typing, the server on every write, and records check them again when they
 * move stock (engine and server cannot disagree).
 */
import type { FieldError } from '../errors';

export type StockImpact = 'ninguno' | 'ingreso' | 'egreso';

/**
 * Which stock impact may go with a stock commitment. A commitment reserves stock for a later outgoing step,
 * so it goes with no impact of its own: reserving what the same step brings in, or reserving what it takes
 * out at once, says two contradictory things. One code per forbidden pair.
 */
export const STOCK_COMBINATIONS: Record<StockImpact, { conCompromiso: string | null }> = {
  ninguno: { conCompromiso: null },
  ingreso: { conCompromiso: 'ACTIVIDAD_INGRESO_CON_COMPROMISO' },
  egreso: { conCompromiso: 'ACTIVIDAD_EGRESO_CON_COMPROMISO' },
};

export interface ActivityFlags {
  impacto_stock?: StockImpact | string | null;
  compromiso_stock?: boolean | null;
  cambia_ubicacion?: boolean | null;
  cambia_articulo?: boolean | null;
  adjuntar_registro_relacionado?: boolean | null;
  padres?: unknown[] | null;
  hijas?: unknown[] | null;
  puestos?: unknown[] | null;
  /** The activity's own id, once it has one (a form editing it). */
  id?: unknown;
}

/** The lists of an activity whose rows name one thing each, by the field that names it. */
const NAMED_ROWS = [
  ['puestos', 'puesto'],
  ['padres', 'actividad'],
  ['hijas', 'actividad'],
] as const;

const rowValue = (row: unknown, field: string) => (row && typeof row === 'object' ? (row as Record<string, unknown>)[field] : undefined);

/**
 * Rows that name what an earlier row of the same list names (a position twice), an activity related to itself,
 * and one both parent and child: each a field error at its row. The server also refuses a parent or child
 * that leads back to the activity through others (schema `acyclic`).
 */
function relationErrors(a: ActivityFlags): FieldError[] {
  const errors: FieldError[] = [];
  for (const [list, field] of NAMED_ROWS) {
    const seen = new Set<unknown>();
    (a[list] ?? []).forEach((row, i) => {
      const v = rowValue(row, field);
      if (v == null) return;
      if (seen.has(v)) errors.push({ field: `${list}.${i}.${field}`, code: 'FILA_REPETIDA' });
      else if (list !== 'puestos' && typeof a.id === 'number' && v === a.id) errors.push({ field: `${list}.${i}.${field}`, code: 'REFERENCIA_CICLICA' });
      seen.add(v);
    });
  }
  const parents = new Set<unknown>((a.padres ?? []).map((r) => rowValue(r, 'actividad')).filter((v) => v != null));
  (a.hijas ?? []).forEach((row, i) => {
    if (parents.has(rowValue(row, 'actividad'))) errors.push({ field: `hijas.${i}.actividad`, code: 'ACTIVIDAD_PADRE_E_HIJA' });
  });
  return errors;
}

/** The code of a forbidden impact / commitment pair, or null. */
export function stockCombinationError(impact: unknown, commits: unknown): string | null {
  if (commits !== true) return null;
  const row = STOCK_COMBINATIONS[(impact ?? 'ninguno') as StockImpact];
  return row ? row.conCompromiso : null;
}

/** True when the activity only commits stock (no impact of its own). */
export const onlyCommits = (a: ActivityFlags) => a.compromiso_stock === true && (a.impacto_stock ?? 'ninguno') === 'ninguno';

/** Every rule between the flags and of the related lists, as field errors with their codes. */
export function activityFlagErrors(a: ActivityFlags): FieldError[] {
  const errors: FieldError[] = [];
  const pair = stockCombinationError(a.impacto_stock, a.compromiso_stock);
  if (pair) errors.push({ field: 'compromiso_stock', code: pair });
  if (onlyCommits(a)) {
    if (a.cambia_ubicacion === true) errors.push({ field: 'cambia_ubicacion', code: 'COMPROMISO_NO_PERMITE_CAMBIOS' });
    if (a.cambia_articulo === true) errors.push({ field: 'cambia_articulo', code: 'COMPROMISO_NO_PERMITE_CAMBIOS' });
  }
  const related = (a.padres?.length ?? 0) + (a.hijas?.length ?? 0);
  if (a.adjuntar_registro_relacionado === true && related === 0)
    errors.push({ field: 'adjuntar_registro_relacionado', code: 'ADJUNTAR_SIN_RELACIONADAS' });
  return [...errors, ...relationErrors(a)];
}
