/**
 * The reports a record's or an activity's screen offers (issue 14: reports appear where their context says):
 * those of context `registro` (a record's screen) or `actividad` (an activity's record list) configured for
 * that activity or for none, that the caller's job position may see. Each runs in a dialog with the screen's
 * object as `objetoId` — the record's id, or the activity's — so a built-in report can filter by it
 * (a filter with parameter `objetoId`) and an external one receives it in its link. Nothing shows when none.
 */
import { useState } from 'react';
import { Box, Button, Heading, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ReportSummary } from '../../engine/reports/model';
import { Modal } from '../../widgets/Modal';
import { useLoad } from '../workspace/useLoad';
import { reportCalls } from './calls';
import { ReportRunner } from './ReportRunner';

export function ContextReports({ contexto, actividadId, objetoId }: { contexto: 'registro' | 'actividad'; actividadId: number; objetoId: number }) {
  const { t } = useTranslation();
  const reports = useLoad(() => reportCalls.byContext(contexto, actividadId), [contexto, actividadId]);
  const [chosen, setChosen] = useState<ReportSummary | null>(null);
  if (reports.state !== 'ready' || !reports.data.length) return null;
  const titleId = `context-reports-${contexto}`;
  return (
    <Box as="section" aria-labelledby={titleId} className="no-print">
      <Heading as="h2" size="sm" id={titleId} mb="2">
        {t(`reports.here.${contexto}`)}
      </Heading>
      <HStack as="ul" listStyleType="none" gap="2" wrap="wrap">
        {reports.data.map((r) => (
          <li key={r.id}>
            <Button size="xs" variant="outline" onClick={() => setChosen(r)}>
              {r.descrip}
            </Button>
          </li>
        ))}
      </HStack>
      {chosen && (
        <Modal open onClose={() => setChosen(null)} title={chosen.descripcion} width={800}>
          <ReportRunner report={chosen} objetoId={objetoId} contexto={contexto} />
        </Modal>
      )}
    </Box>
  );
}
