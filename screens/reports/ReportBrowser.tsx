/** Reports in sections (a list per section) and the runner of the one chosen. */
import { useState } from 'react';
import { Box, Button, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ReportSummary } from './reportsApi';
import { useLoad } from '../workspace/useLoad';
import { LoadFailed } from '../../widgets/LoadFailed';
import { ReportRunner } from './ReportRunner';

export interface ReportSection {
  title: string | null;
  reports: ReportSummary[];
}

export function ReportBrowser({ title, load }: { title: string; load: () => Promise<ReportSection[]> }) {
  const { t } = useTranslation();
  const sections = useLoad(load, []);
  const [chosen, setChosen] = useState<ReportSummary | null>(null);
  const none = sections.state === 'ready' && sections.data.every((s) => !s.reports.length);
  return (
    <Stack gap="4">
      <Heading as="h1" size="lg">
        {title}
      </Heading>
      {sections.state === 'loading' && <Spinner aria-label={t('dataTable.loading')} />}
      {sections.state === 'failed' && <LoadFailed error={sections.error} onRetry={sections.retry} />}
      {sections.state === 'ready' && (
        <Stack direction={{ base: 'column', md: 'row' }} gap="6" align="flex-start">
          <Stack as="nav" aria-label={title} minW="60" gap="3" className="no-print">
            {none && <Text color="fg.muted">{t('reports.noReports')}</Text>}
            {sections.data
              .filter((s) => s.reports.length)
              .map((s, i) => (
                <Box key={i}>
                  {s.title && (
                    <Heading as="h2" size="sm" mb="1">
                      {s.title}
                    </Heading>
                  )}
                  <Stack gap="1" as="ul" listStyleType="none">
                    {s.reports.map((r) => (
                      <li key={r.id}>
                        <Button size="sm" variant={chosen?.id === r.id ? 'subtle' : 'ghost'} justifyContent="flex-start" w="full" onClick={() => setChosen(r)}>
                          {r.descrip}
                        </Button>
                      </li>
                    ))}
                  </Stack>
                </Box>
              ))}
          </Stack>
          {/* the whole width on a phone (not its content's: a wide result scrolls in its own box) */}
          <Box flex="1" minW="0" w="full">
            {chosen ? (
              <Stack gap="3">
                <Heading as="h2" size="md">
                  {chosen.descripcion}
                </Heading>
                <ReportRunner key={chosen.id} report={chosen} contexto={chosen.contexto} />
              </Stack>
            ) : (
              // with no report to choose, "choose one" would only contradict the line beside it
              !none && <Text color="fg.muted">{t('reports.choose')}</Text>
            )}
          </Box>
        </Stack>
      )}
    </Stack>
  );
}
