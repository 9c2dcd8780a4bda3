/** /reports: the report menu (spec §7 menurep), the reports the caller's job position may see. */
import { useTranslation } from 'react-i18next';
import type { ScreenProps } from '../registry';
import { reportCalls } from './calls';
import { ReportBrowser } from './ReportBrowser';

export default function ReportsScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  return <ReportBrowser title={t(`routes.${route?.name ?? 'reports'}`)} load={async () => [{ title: null, reports: await reportCalls.byContext('menurep') }]} />;
}
