/**
 * The records of one activity of one flow (the workspace card's target): the record manifest's DataTable
 * (schemas/registro) with the flow and activity as fixed filters, adding, viewing and editing in the record form.
 * An activity that lists its own columns (`columnas`) shows those, in its order; the rest stay choosable.
 * A user's column choice is kept per activity (the preference key's tipo): it overrides the activity's columns
 * until they reset it, and without one they follow the activity's columns as the administrator changes them.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { ListQuery } from '../../engine/list/query';
import type { ListContext } from '../../engine/list/recordSteps';
import { useListMemory } from '../entity/listMemory';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { DataTable, type ExportFormat, type Row } from '../../widgets/DataTable';
import { tableSource } from '../app/entityData';
import { useSession } from '../app/useSession';
import { entityOf } from '../metadata';
import { Trail } from '../../widgets/Trail';
import { executionPath, flowPath, groupsPath } from '../workspace/links';
import { ContextReports } from '../reports/ContextReports';
import type { Place } from './place';

/** The record entity with the activity's columns shown first, in order, and the others hidden. */
function withColumns(entity: ResolvedEntity, columnas: Place['activity']['columnas']): ResolvedEntity {
  const names = (columnas ?? []).map((c) => c.campo);
  if (!names.length) return entity;
  const listed = names.flatMap((n) => entity.columns.filter((c) => c.name === n)).map((c) => ({ ...c, hidden: false }));
  const rest = entity.columns.filter((c) => !names.includes(c.name)).map((c) => ({ ...c, hidden: true }));
  return { ...entity, columns: [...listed, ...rest] };
}

export function RecordList({ place }: { place: Place }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { flow, activity } = place;
  const entity = useMemo(() => withColumns(entityOf('registro'), activity.columnas), [activity.columnas]);
  const source = useMemo(() => {
    const base = tableSource(entity);
    // the activity's records only: what the list shows is what its export writes
    const here = (q: ListQuery): ListQuery => ({ ...q, filters: { ...q.filters, flujo: flow.id, actividad: activity.id } });
    return {
      ...base,
      index: (q: ListQuery) => base.index(here(q)),
      exportRows: (q: ListQuery, format: ExportFormat) => base.exportRows(here(q), format),
      cacheKey: `${flow.id}/${activity.id}`,
    };
  }, [entity, flow.id, activity.id]);
  // the registro list has no `tipo` field: this filter only names the column preference
  const mainFilter = useMemo(() => ({ tipo: `actividad-${activity.id}` }), [activity.id]);
  // the list as left, for Back from the record (one memory per activity: the same registro list serves them all)
  const memory = useListMemory(`registro:${flow.id}/${activity.id}`);
  // where the row sits in the list, with the flow and activity the source adds: the record's previous / next
  const open = (row: Row, show: boolean, at: ListContext) => {
    memory.remember(at.view);
    void navigate(executionPath(flow.id, activity.id, row.id as number, show), {
      state: { list: { ...at, query: { ...at.query, filters: { ...at.query.filters, flujo: flow.id, actividad: activity.id } } } },
    });
  };
  return (
    <Stack gap="3">
      <Trail steps={[{ label: t('routes.workspacecard'), to: groupsPath() }, { label: flow.nombre, to: flowPath(null, flow.id) }, { label: activity.titulo }]} />
      <div>
        <Heading as="h1" size="lg">
          {activity.titulo}
        </Heading>
        <Text color="fg.muted" textStyle="sm">
          {t('execution.listOf', { flow: flow.nombre })}
        </Text>
      </div>
      <ContextReports contexto="actividad" actividadId={activity.id} objetoId={activity.id} />
      <DataTable
        key={`${flow.id}/${activity.id}`}
        entity={entity}
        source={source}
        mainFilter={mainFilter}
        userRoles={user?.roles ?? []}
        label={t('execution.records', { activity: activity.titulo })}
        onAdd={() => navigate(executionPath(flow.id, activity.id, 'create'))}
        onShow={(row, at) => open(row, true, at)}
        onEdit={(row, at) => open(row, false, at)}
        initialView={memory.initialView}
      />
    </Stack>
  );
}
