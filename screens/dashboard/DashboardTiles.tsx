/**
 * What a user sees first (issue 14): open tasks and records held by them, open records per activity of their
 * flows, low stock, and the dashboard's reports (built-in ones as charts). Each tile is one call, loaded on
 * its own.
 */
import type { ComponentProps } from 'react';
import { Link, List, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import type { ReportSummary } from '../reports/reportsApi';
import type { ReportResult } from '../../engine/reports/query';
import { entityCalls } from '../app/entityData';
import { reportCalls } from '../reports/calls';
import { ReportResultView } from '../reports/ReportResultView';
import { ReportRunner } from '../reports/ReportRunner';
import { useLoad } from '../workspace/useLoad';
import { executionPath } from '../workspace/links';
import { DashboardTile } from './DashboardTile';
import { dmy } from '../tasks/format';
import { More, type Rows } from './More';

/** A line of text: a plain list's items lay out as flex boxes, which drop the spaces around " · " and break a number in two. */
const TextItem = (props: ComponentProps<typeof List.Item>) => <List.Item display="block" {...props} />;
const none = (d: Rows) => d.rows.length === 0;
function ReportTile({ report }: { report: ReportSummary }) {
  return (
    <DashboardTile<ReportResult | null> title={report.descripcion} load={() => (report.builtin ? reportCalls.data(report.id, {}) : Promise.resolve(null))} empty={(d) => d !== null && d.rows.length === 0}>
      {(d) => (d ? <ReportResultView result={d} title={report.descripcion} compact={d.grafico !== 'ninguno'} /> : <ReportRunner report={report} contexto="dashboard" />)}
    </DashboardTile>
  );
}

export function DashboardTiles() {
  const { t } = useTranslation();
  const reports = useLoad(() => reportCalls.dashboard(), []);
  return (
    <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="4">
      <DashboardTile<Rows> title={t('dashboard.myTasks')} load={() => entityCalls.action<Rows>('tarea', 'mine', { filtro: 'pendientes', max: 5 })} empty={none}>
        {(d) => (
          <>
            <List.Root variant="plain" gap="1">
              {d.rows.map((r) => (
                <TextItem key={r.id}>
                  <Link asChild>
                    <RouterLink to={r.registro ? executionPath(r.flujo, r.actividad, r.registro) : '/task'}>{r.titulo}</RouterLink>
                  </Link>
                  {r.registro_numero ? (
                    <Text as="span" color="fg.muted" textStyle="sm">
                      {' '}
                      · <Text as="span" whiteSpace="nowrap">{r.registro_numero}</Text>
                    </Text>
                  ) : null}
                </TextItem>
              ))}
            </List.Root>
            <More d={d} to="/task" />
          </>
        )}
      </DashboardTile>
      <DashboardTile<Rows> title={t('dashboard.myRecords')} load={() => reportCalls.tile('misRegistros')} empty={none}>
        {(d) => (
          <>
            <List.Root variant="plain" gap="1">
              {d.rows.map((r) => (
                <TextItem key={r.id}>
                  <Link asChild whiteSpace="nowrap">
                    <RouterLink to={executionPath(r.flujo, r.actividad, r.id)}>{r.numero || `#${r.id}`}</RouterLink>
                  </Link>
                  <Text as="span" color="fg.muted" textStyle="sm">
                    {' '}
                    · {r.actividad_titulo} · {dmy(typeof r.fecha === 'string' ? r.fecha.slice(0, 10) : null)}
                  </Text>
                </TextItem>
              ))}
            </List.Root>
            <More d={d} />
          </>
        )}
      </DashboardTile>
      <DashboardTile<Rows> title={t('dashboard.perActivity')} load={() => reportCalls.tile('registrosPorActividad')} empty={none}>
        {(d) => (
          <List.Root variant="plain" gap="1">
            {d.rows.map((r) => (
              <List.Item key={`${r.flujo}-${r.actividad}`} display="flex" justifyContent="space-between" alignItems="baseline" gap="3">
                <Link asChild>
                  <RouterLink to={executionPath(r.flujo, r.actividad)}>
                    {r.flujo_nombre} › {r.actividad_titulo}
                  </RouterLink>
                </Link>
                <Text as="span" fontWeight="semibold">
                  {r.cantidad}
                </Text>
              </List.Item>
            ))}
          </List.Root>
        )}
      </DashboardTile>
      <DashboardTile<Rows> title={t('dashboard.lowStock')} load={() => reportCalls.tile('stockBajo')} empty={none}>
        {(d) => (
          <>
            <List.Root variant="plain" gap="1">
              {d.rows.map((r) => (
                <TextItem key={r.id}>
                  {r.nombre}
                  <Text as="span" color="fg.muted" textStyle="sm">
                    {' '}
                    · {t('dashboard.onHand', { value: r.en_mano, restock: r.punto_reposicion ?? r.stock_seguridad })}
                  </Text>
                </TextItem>
              ))}
            </List.Root>
            <More d={d} />
          </>
        )}
      </DashboardTile>
      {reports.state === 'ready' && reports.data.map((r) => <ReportTile key={r.id} report={r} />)}
    </SimpleGrid>
  );
}
