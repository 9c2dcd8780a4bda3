/**
 * The workspace as cards (spec §2 workspacecard, §7 workspace/*): the flow groups (`categoria/index` with the
 * flow-group tipo), then the verified flows of a group the user may work in (`workspace/getFlowsCards/{id}`,
 * each with its card's colour, icon and text), then the flow's activities the user may work in
 * (`workspace/getFlowActivities/{id}`), each opening its record list (the execution route). The level is in
 * the address (`?grupo=…&flujo=…`), so back and forward and a shared link work; the trail leads back up.
 */
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Heading, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { cardColor, DEFAULT_CARD_COLOR } from '../../engine/workflow/cardColors';
import { isNotFound } from '../../engine/api/failure';
import { LoadFailed } from '../../widgets/LoadFailed';
import { WorkCard } from '../../widgets/WorkCard';
import type { ScreenProps } from '../registry';
import { workspaceCalls, type FlowCardRow, type GroupRow } from '../execution/calls';
import { Trail, type TrailStep } from '../../widgets/Trail';
import { useLoad, type Loaded } from './useLoad';
import { executionPath, flowPath, groupPath, groupsPath, href, UNGROUPED } from './links';

function Cards<T>({ loaded, empty, label, children }: { loaded: Loaded<T[]>; empty: string; label: string; children: (rows: T[]) => ReactNode }) {
  const { t } = useTranslation();
  if (loaded.state === 'loading') return <Spinner role="status" aria-label={t('app.loading')} />;
  if (loaded.state === 'failed') return <LoadFailed error={loaded.error} onRetry={loaded.retry} />;
  if (!loaded.data.length) return <Text color="fg.muted">{empty}</Text>;
  return (
    <SimpleGrid as="ul" aria-label={label} listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
      {children(loaded.data)}
    </SimpleGrid>
  );
}

export default function WorkspaceCardsScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const group = params.get('grupo');
  const flow = Number(params.get('flujo')) || null;
  const groups = useLoad(() => workspaceCalls.groups(), []);
  const flows = useLoad(() => workspaceCalls.flows(), []);

  const groupName = useMemo(() => {
    if (group === UNGROUPED) return t('workspace.ungrouped');
    return groups.state === 'ready' ? (groups.data.find((g) => String(g.id) === group)?.nombre ?? '') : '';
  }, [group, groups, t]);
  const flowRow = flows.state === 'ready' && flow ? flows.data.find((f) => f.id === flow) : undefined;

  const trail: TrailStep[] = [{ label: t(`routes.${route?.name ?? 'workspacecard'}`), to: group || flow ? groupsPath() : undefined }];
  if (group) trail.push({ label: groupName || '…', to: flow ? groupPath(group) : undefined });
  if (flow) trail.push({ label: flowRow?.nombre ?? '…' });

  const title = flow ? (flowRow?.nombre ?? t('workspace.flow')) : group ? groupName || t('workspace.group') : t(`routes.${route?.name ?? 'workspacecard'}`);
  return (
    <Stack gap="4">
      <Trail steps={trail} />
      <Heading as="h1" size="xl">
        {title}
      </Heading>
      {flow ? (
        <FlowActivities flow={flow} />
      ) : group ? (
        <GroupFlows group={group} flows={flows} />
      ) : (
        <Groups groups={groups} flows={flows} />
      )}
    </Stack>
  );
}

function Groups({ groups, flows }: { groups: Loaded<GroupRow[]>; flows: Loaded<FlowCardRow[]> }) {
  const { t } = useTranslation();
  const ungrouped = flows.state === 'ready' ? flows.data.filter((f) => f.grupo == null) : [];
  // the flows name the ungrouped card: their failure is the page's too
  const all: Loaded<{ id: number | string; nombre: string }[]> =
    groups.state === 'ready' && flows.state === 'failed' ? flows : groups.state === 'ready' ? { state: 'ready', data: [...groups.data, ...(ungrouped.length ? [{ id: UNGROUPED, nombre: t('workspace.ungrouped') }] : [])] } : groups;
  return (
    <Cards loaded={all} empty={t('workspace.noGroups')} label={t('workspace.groupsList')}>
      {(rows) =>
        rows.map((g) => (
          <li key={g.id}>
            <WorkCard title={g.nombre} href={href(groupPath(g.id))} color={DEFAULT_CARD_COLOR} icon="carpeta" />
          </li>
        ))
      }
    </Cards>
  );
}

function GroupFlows({ group, flows }: { group: string; flows: Loaded<FlowCardRow[]> }) {
  const { t } = useTranslation();
  const id = Number(group);
  const cards = useLoad<FlowCardRow[]>(
    () =>
      group === UNGROUPED || !(Number.isInteger(id) && id > 0)
        ? Promise.resolve([])
        : // a group that is gone (an old link): no flows, not a connection problem
          workspaceCalls.groupCards(id).catch((e) => (isNotFound(e) ? [] : Promise.reject(e))),
    [group],
  );
  const shown: Loaded<FlowCardRow[]> =
    group === UNGROUPED ? (flows.state === 'ready' ? { state: 'ready', data: flows.data.filter((f) => f.grupo == null) } : flows) : cards;
  return (
    <Cards loaded={shown} empty={t('workspace.noFlows')} label={t('workspace.flowsList')}>
      {(rows) =>
        rows.map((f) => (
          <li key={f.id}>
            <WorkCard
              title={f.nombre}
              href={href(flowPath(group, f.id))}
              text={f.tarjeta?.texto || f.descripcion}
              color={cardColor(f.tarjeta?.color)}
              icon={f.tarjeta?.icono ?? 'documento'}
              badge={t('workspace.activityCount', { count: f.actividades })}
            />
          </li>
        ))
      }
    </Cards>
  );
}

function FlowActivities({ flow }: { flow: number }) {
  const { t } = useTranslation();
  // a flow the user may not work in answers 404: the same as one without activities for them; any other failure
  // says so, with a retry (quiet call: nothing else tells it)
  const activities = useLoad(() => workspaceCalls.flowActivities(flow).catch((e) => (isNotFound(e) ? [] : Promise.reject(e))), [flow]);
  return (
    <Cards loaded={activities} empty={t('workspace.noActivities')} label={t('workspace.activitiesList')}>
      {(rows) =>
        rows
          // an activity that is two steps of the flow is one card
          .filter((a, i) => rows.findIndex((b) => b.id === a.id) === i)
          .map((a) => (
            <li key={a.id}>
              <WorkCard title={a.titulo} href={href(executionPath(flow, a.id))} text={a.codificacion} color={DEFAULT_CARD_COLOR} icon="paso" />
            </li>
          ))
      }
    </Cards>
  );
}
