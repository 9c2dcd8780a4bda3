/**
 * Reports (spec §3 Report, §7 Reports) as both sides see them: where a report appears (its context), its
 * parameters and the run answer of an external report, `{ urlreporte, key, params }`.
 */

/**
 * Where a report is offered: the report menu (`menurep`), the dashboard, a record's screen (it gets the
 * record as `objetoId`) or an activity's screen (its `actividadId`).
 */
export const REPORT_CONTEXTS = ['menurep', 'dashboard', 'registro', 'actividad'] as const;
export type ReportContext = (typeof REPORT_CONTEXTS)[number];

/** Categories of this tipo are the report groups (`reportes/findGruposDeReportes`). */
export const REPORT_GROUP_TIPO = 'grupo_reporte';

export const PARAM_TYPES = ['texto', 'numero', 'fecha', 'booleano', 'lista'] as const;
export type ParamType = (typeof PARAM_TYPES)[number];

export interface ReportParam {
  nombre: string;
  tipo?: ParamType;
  etiqueta?: string;
  /** Default value, as text. */
  defecto?: string | null;
  requerido?: boolean;
  /** A `lista` parameter's options: one per line or comma-separated. */
  opciones?: string | null;
}

/** A report's run answer: the external report's address, its key (reportUnit) and the parameter values. */
export interface ReportRun {
  urlreporte: string | null;
  key: string;
  params: Record<string, string>;
}

/** One entry of the report menu (`reportes/menurep`). */
export interface ReportMenuEntry {
  id: number;
  descrip: string;
}

export const optionsOf = (p: Pick<ReportParam, 'opciones'>): string[] =>
  (p.opciones ?? '')
    .split(/[\n,]/)
    .map((o) => o.trim())
    .filter(Boolean);

/** What lists and menus show of a report (the report calls' answer). */
export interface ReportSummary {
  id: number;
  descripcion: string;
  /** The report menu's name for it (spec §7 menurep). */
  descrip: string;
  clave: string;
  contexto: string;
  actividad: number | null;
  orden: number | null;
  uri: string | null;
  grupo: number | null;
  objeto_id: number | null;
  parametros: ReportParam[];
  /** A built-in report (a query over the app's data) rather than an external one. */
  builtin: boolean;
  /** The chart of a built-in report. */
  grafico: string | null;
}
