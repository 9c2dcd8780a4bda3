/**
 * The instructive's tasks with their PERT times (instructivo/pert/{id}, computed by the engine on the server):
 * one row per task, critical rows marked, the expected duration, the critical path, and the probability of
 * finishing within a number of days the user types (the engine's normal approximation, computed here).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, Input, Link, Stack, Table, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { probabilityBy } from '../../engine/planning/pert';
import { FormField } from '../../widgets/FormField';
import { num } from '../tasks/format';
import type { PertReply } from '../tasks/taskCalls';

const COLS = ['o', 'm', 'p', 'te', 'sd', 'es', 'ef', 'ls', 'lf', 'slack'] as const;

/** `linkTasks`: each task opens its form (the back office's; staff read the table without them). */
export function PertTable({ pert, instructivo, linkTasks = true }: { pert: PertReply; instructivo: number; linkTasks?: boolean }) {
  const { t, i18n } = useTranslation();
  const [target, setTarget] = useState('');
  const n = (x: number | null) => num(x, i18n.language);
  const titles = new Map(pert.tareas.map((x) => [x.id, x.titulo]));
  const days = Number(target);
  const probability = target !== '' && Number.isFinite(days) ? probabilityBy({ duration: pert.duracion, sd: pert.desviacion }, days) : null;
  return (
    <Stack gap="3">
      <Text>{t('instructive.pert.summary', { days: n(pert.duracion), sd: n(pert.desviacion) })}</Text>
      {pert.rutaCritica.length > 0 && <Text>{t('instructive.pert.criticalPath', { path: pert.rutaCritica.map((id) => titles.get(id)).join(' → ') })}</Text>}
      <Box maxW="sm">
        <FormField
          label={t('instructive.pert.target')}
          helperText={probability === null ? undefined : t('instructive.pert.probability', { days: n(days), percent: new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 1 }).format(probability) })}
        >
          <Input type="number" min={0} step="1" inputMode="decimal" value={target} onChange={(e) => setTarget(e.target.value)} />
        </FormField>
      </Box>
      {/* a region that scrolls sideways on a phone is reached by the keyboard too, links in it or not */}
      <Table.ScrollArea borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('instructive.pert.tableLabel')}>
        <Table.Root size="sm" aria-label={t('instructive.pert.tableLabel')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('instructive.pert.cols.task')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('instructive.pert.cols.deps')}</Table.ColumnHeader>
              {COLS.map((c) => (
                <Table.ColumnHeader key={c} textAlign="end">
                  {t(`instructive.pert.cols.${c}`)}
                </Table.ColumnHeader>
              ))}
              <Table.ColumnHeader>{t('instructive.pert.cols.critical')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {pert.tareas.map((row) => (
              <Table.Row key={row.id} data-critical={row.critica || undefined} bg={row.critica ? 'red.50' : undefined}>
                <Table.Cell>
                  {linkTasks ? (
                    <Link asChild color="brand.fg">
                      <RouterLink to={`/backOffice/instructive/task/${row.id}/${instructivo}`}>{row.titulo}</RouterLink>
                    </Link>
                  ) : (
                    row.titulo
                  )}
                </Table.Cell>
                <Table.Cell>{row.predecesoras.map((p) => titles.get(p)).join(', ')}</Table.Cell>
                {[row.optimista, row.probable, row.pesimista, row.te, row.sd, row.es, row.ef, row.ls, row.lf, row.holgura].map((v, i) => (
                  <Table.Cell key={COLS[i]} textAlign="end">
                    {n(v)}
                  </Table.Cell>
                ))}
                <Table.Cell fontWeight={row.critica ? 'semibold' : undefined} color={row.critica ? 'red.700' : undefined}>
                  {row.critica ? t('dataTable.yes') : t('dataTable.no')}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </Stack>
  );
}
