/**
 * Planning (spec §2 /planning, §7 instructivoExec/getFlowsPlaneam; issue 13): the open records' tasks on a
 * timeline, grouped by record, the critical path in red, zoom by day, week or month. Dragging a bar (or the
 * arrow keys on it, or on a phone the buttons a tap on it shows) reschedules the task where its state allows;
 * the server decides, and the plan is read again (a change can move the critical path). Thousands of tasks stay
 * smooth: the timeline draws only the rows in view, and this screen is a chunk of its own.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { Box, Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { todayIso } from '../../engine/planning/days';
import { ZOOMS, type Zoom } from '../../engine/planning/timeline';
import { Timeline, type NewDates, type TimelineItem } from '../../widgets/Timeline/Timeline';
import { LoadFailed } from '../../widgets/LoadFailed';
import { showSuccess } from '../../widgets/toaster';
import type { ScreenProps } from '../registry';
import { taskCalls, type PlannedRecord } from '../tasks/taskCalls';
import { planItems } from './planItems';

interface Plan {
  registros: PlannedRecord[];
  truncated: boolean;
  total: number;
}

function Swatch({ color, label, border }: { color: string; label: string; border?: string }) {
  return (
    <HStack gap="1">
      <Box w="4" h="3" borderRadius="sm" bg={color} borderWidth={border ? '2px' : '0'} borderColor={border} aria-hidden />
      <Text fontSize="sm">{label}</Text>
    </HStack>
  );
}

export default function PlanningScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const [plan, setPlan] = useState<Plan | null>(null);
  const [zoom, setZoom] = useState<Zoom>('day');
  const [today] = useState(todayIso);

  // the plan could not be read: said, with a retry, never "no tasks" (a plan already shown stays, maybe stale)
  const [failed, setFailed] = useState<{ error: unknown } | null>(null);
  const load = useCallback(async () => {
    try {
      setPlan(await taskCalls.planning());
      setFailed(null);
    } catch (error) {
      setFailed({ error });
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const items = useMemo(() => (plan ? planItems(plan.registros, t) : []), [plan, t]);
  const versions = useMemo(() => new Map(plan?.registros.flatMap((r) => r.tareas.map((x) => [x.id, x.version] as const)) ?? []), [plan]);
  // saves go one after another, each with the version the one before got back: two taps on a move button (or a
  // held arrow key) are two moves, not a version conflict with the plan not read again yet
  const saving = useRef<Promise<unknown>>(Promise.resolve());
  const saved = useRef(new Map<number, number>());

  const reschedule = useCallback(
    async (item: TimelineItem, dates: NewDates) => {
      const id = Number(item.id.slice(1));
      // shown at once; the server's answer (or the plan read again) has the last word
      setPlan((p) => p && { ...p, registros: p.registros.map((r) => ({ ...r, tareas: r.tareas.map((x) => (x.id === id ? { ...x, inicio: dates.start, fin: dates.end } : x)) })) });
      const save = async () => {
        try {
          const version = Math.max(saved.current.get(id) ?? 0, versions.get(id) ?? 0) || undefined;
          saved.current.set(id, (await taskCalls.reschedule(id, { fecha_inicio_estimada: dates.start, fecha_fin_estimada: dates.end }, version)).version);
          showSuccess(t('planning.rescheduled'));
        } catch {
          // the toast said why; the plan read again puts the bar back
        }
      };
      saving.current = saving.current.then(save);
      await saving.current;
      await load();
    },
    [load, t, versions],
  );

  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="lg">
          {t(`routes.${route?.name ?? 'planning'}`)}
        </Heading>
        <HStack gap="2" wrap="wrap">
          <HStack gap="1" role="group" aria-label={t('planning.zoom.label')}>
            {ZOOMS.map((z) => (
              <Button key={z} size="xs" variant={zoom === z ? 'solid' : 'outline'} colorPalette="brand" aria-pressed={zoom === z} onClick={() => setZoom(z)}>
                {t(`planning.zoom.${z}`)}
              </Button>
            ))}
          </HStack>
          <Button size="xs" variant="ghost" onClick={() => void load()}>
            {t('planning.reload')}
          </Button>
          <Button asChild size="xs" variant="ghost">
            <RouterLink to="/task">{t('routes.tasking')}</RouterLink>
          </Button>
        </HStack>
      </Flex>
      <HStack gap="4" wrap="wrap" aria-label={t('planning.legend.label')} role="group">
        <Swatch color="red.600" label={t('planning.legend.critical')} />
        <Swatch color="brand.600" label={t('planning.legend.normal')} />
        <Swatch color="brand.600" border="orange.300" label={t('planning.legend.started')} />
        <Swatch color="gray.500" label={t('planning.legend.done')} />
        <Swatch color="orange.400" label={t('planning.legend.today')} />
      </HStack>
      {failed && <LoadFailed error={failed.error} onRetry={() => void load()} />}
      {plan === null ? (
        !failed && <Spinner aria-label={t('planning.loading')} />
      ) : plan.registros.length === 0 ? (
        <Text color="fg.muted">{t('planning.empty')}</Text>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" role="status">
            {t('planning.count', { records: plan.registros.length, tasks: plan.total })}
            {plan.truncated && ` ${t('planning.truncated', { count: plan.total })}`}
          </Text>
          <Timeline
            items={items}
            zoom={zoom}
            today={today}
            onReschedule={reschedule}
            label={t('planning.listLabel')}
            labelHeader={t('planning.labelHeader')}
            keyboardHint={t('planning.keyboardHint')}
            touchHint={t('planning.touchHint')}
            height="max(320px, calc(100dvh - 17rem))"
          />
        </>
      )}
    </Stack>
  );
}
