/**
 * A built-in report's result: its chart (lazy), its table with totals, CSV and XLSX export (made by the server) and
 * print. Figures read as the user's language writes them (money with 2 decimals); on a phone the buttons wrap and a
 * wide table scrolls in its own box, not the page.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Box, Button, HStack, Spinner, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ReportResult } from '../../engine/reports/query';
import { resultView } from '../../engine/reports/resultTable';
import { formatFigure } from '../../widgets/money';

const ReportChart = lazy(() => import('./ReportChart'));

export type ResultFormat = 'csv' | 'xlsx';

export function ReportResultView({ result, title, compact = false, onExport }: { result: ReportResult; title: string; compact?: boolean; onExport?: (format: ResultFormat) => Promise<void> }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const view = useMemo(() => resultView(result, (k, o) => t(k, o) as string, lang), [result, t, lang]);
  const figure = (value: string | null | undefined, money: boolean) => (value == null || value === '' ? '' : formatFigure(Number(value), lang, money));
  const [exporting, setExporting] = useState<ResultFormat | null>(null);
  const exportAs = async (format: ResultFormat) => {
    setExporting(format);
    try {
      await onExport?.(format);
    } catch {
      // the app's client already told the user
    } finally {
      setExporting(null);
    }
  };
  const chart = result.grafico !== 'ninguno' && result.rows.length > 0;
  if (!result.rows.length)
    return <Text color="fg.muted">{t('reports.noData')}</Text>;
  return (
    <Box>
      {chart && (
        <Suspense fallback={<Spinner size="sm" aria-label={t('dataTable.loading')} />}>
          <Box role="img" aria-label={t('reports.chartOf', { title })}>
            <ReportChart kind={result.grafico} data={view.chartData} series={view.measures} height={compact ? 200 : 300} />
          </Box>
        </Suspense>
      )}
      {!compact && (
        <>
          <HStack justify="flex-end" wrap="wrap" my="2" className="no-print">
            {onExport &&
              (['csv', 'xlsx'] as const).map((format) => (
                <Button key={format} size="sm" variant="outline" loading={exporting === format} onClick={() => void exportAs(format)}>
                  {t(`reports.export.${format}`)}
                </Button>
              ))}
            <Button size="sm" variant="outline" onClick={() => window.print()}>
              {t('reports.print')}
            </Button>
          </HStack>
          <Box overflowX="auto">
            <Table.Root size="sm" aria-label={title} variant="outline">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{view.groupHeader}</Table.ColumnHeader>
                  {view.measures.map((m) => (
                    <Table.ColumnHeader key={m.key} textAlign="end">
                      {m.label}
                    </Table.ColumnHeader>
                  ))}
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {result.rows.map((r, i) => (
                  <Table.Row key={i}>
                    <Table.Cell>{view.groupText(r)}</Table.Cell>
                    {view.measures.map((m) => (
                      <Table.Cell key={m.key} textAlign="end">
                        {figure(r[m.key as `m${number}`], m.money)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
                {result.agrupar && (
                  <Table.Row fontWeight="semibold">
                    <Table.Cell>{t('reports.total')}</Table.Cell>
                    {view.measures.map((m) => (
                      <Table.Cell key={m.key} textAlign="end">
                        {figure(result.totales[m.key], m.money)}
                      </Table.Cell>
                    ))}
                  </Table.Row>
                )}
              </Table.Body>
            </Table.Root>
          </Box>
          {result.truncado && <Text color="fg.muted" textStyle="sm">{t('reports.truncated')}</Text>}
        </>
      )}
    </Box>
  );
}
