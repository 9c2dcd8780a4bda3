/** The report calls of spec §7 (server/entities/reporte), typed, over the one client. */
import type { ReportMenuEntry, ReportParam, ReportRun, ReportSummary } from '../../engine/reports/model';
import type { ReportResult } from '../../engine/reports/query';
import type { Poster } from '../../engine/api/entityApi';

export type { ReportSummary };

export type DashboardTile = 'misRegistros' | 'registrosPorActividad' | 'stockBajo';

export function reportsApi(client: Poster) {
  const call = <T>(name: string, body: unknown = {}, quiet = false) => client.post<T>(`reportes/${name}`, body, quiet ? { quiet } : undefined);
  return {
    menu: () => call<ReportMenuEntry[]>('menurep'),
    dashboard: () => call<ReportSummary[]>('getDashboardReporte'),
    byContext: (contexto: string, actividadId?: number) => call<ReportSummary[]>('findReportesByContexto', { contexto, ...(actividadId ? { actividadId } : {}) }),
    groups: () => call<{ id: number; nombre: string }[]>('findGruposDeReportes'),
    byGroup: (id: number) => call<ReportSummary[]>(`findReportesByGrupoid/${id}`),
    index: (q: Record<string, unknown> = {}) => call<{ total: number; rows: Record<string, unknown>[] }>('index', q),
    findById: (id: number) => call<Record<string, unknown>>(`findById/${id}`),
    /** Quiet: the run form shows parameter errors itself. */
    run: (id: number, params: Record<string, string>, objetoId?: number | string, contexto?: string) =>
      call<ReportRun>('getReporteForExecById', { id, params, ...(objetoId != null ? { objetoId } : {}), ...(contexto ? { contexto } : {}) }, true),
    data: (id: number, params: Record<string, string>, objetoId?: number | string) =>
      call<ReportResult & { params: Record<string, string> }>('datos', { id, params, ...(objetoId != null ? { objetoId } : {}) }, true),
    /** A built-in report's result as a file (`reportes/exportar`): the table with its totals, in the given language. */
    exportResult: (id: number, params: Record<string, string>, objetoId: number | string | undefined, format: 'csv' | 'xlsx', lang: string) => {
      if (!client.download) throw new Error('this client cannot download');
      return client.download('reportes/exportar', { id, params, format, lang: lang.startsWith('en') ? 'en' : 'es', ...(objetoId != null ? { objetoId } : {}) });
    },
    tile: <Row = Record<string, unknown>>(tile: DashboardTile) => call<{ total: number; rows: Row[] }>('tablero', { tile }),
  };
}
