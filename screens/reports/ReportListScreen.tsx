/** /reportList: every report the caller may see, by group (findGruposDeReportes, findReportesByGrupoid), the rest last. */
import { useTranslation } from 'react-i18next';
import type { ReportSummary } from './reportsApi';
import { REPORT_CONTEXTS } from '../../engine/reports/model';
import type { ScreenProps } from '../registry';
import { reportCalls } from './calls';
import { ReportBrowser, type ReportSection } from './ReportBrowser';

export default function ReportListScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const load = async (): Promise<ReportSection[]> => {
    const groups = await reportCalls.groups();
    const grouped = await Promise.all(groups.map(async (g) => ({ title: g.nombre, reports: await reportCalls.byGroup(g.id) })));
    const all = (await Promise.all(REPORT_CONTEXTS.map((c) => reportCalls.byContext(c)))).flat();
    const rest: ReportSummary[] = all.filter((r) => r.grupo == null);
    return [...grouped, { title: grouped.length ? t('reports.ungrouped') : null, reports: rest }];
  };
  return <ReportBrowser title={t(`routes.${route?.name ?? 'reportList'}`)} load={load} />;
}
