/**
 * The task area (spec §2 /task; issue 13): my tasks — overdue first, then started, not started and finished,
 * by estimated end — with the actions the task state machine offers. /task/:filter shows one filter of them
 * (pendientes, vencidas, iniciada, no_iniciada, criticas, finalizada, todas, or registro-<id>); an unknown
 * filter shows them all. The server answers the list (`tarea/mine`), in pages.
 */
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { todayIso } from '../../engine/planning/days';
import { LoadFailed } from '../../widgets/LoadFailed';
import { useSession } from '../app/useSession';
import { TaskItem } from './TaskItem';
import { taskCalls, type MyTask } from './taskCalls';

const FILTERS = ['pendientes', 'vencidas', 'iniciada', 'no_iniciada', 'criticas', 'finalizada', 'todas'] as const;
const PAGE = 50;

const known = (f: string | undefined) => (!f ? 'pendientes' : (FILTERS as readonly string[]).includes(f) || /^registro-\d{1,9}$/.test(f) ? f : 'todas');

export default function TaskingScreen() {
  const { t } = useTranslation();
  const { filter } = useParams();
  const { user } = useSession();
  const filtro = known(filter);
  const [rows, setRows] = useState<MyTask[]>([]);
  const [total, setTotal] = useState(0);
  const [loading, setLoading] = useState(true);
  // a page that could not be read: said, with a retry of it, never "no tasks"
  const [failed, setFailed] = useState<{ error: unknown; retry: () => void } | null>(null);

  /** A page from `offset`; a reload (offset 0) after an action asks for as many rows as were shown (`keep`). */
  const load = useCallback(
    async (offset: number, keep = 0): Promise<void> => {
      setLoading(true);
      setFailed(null);
      try {
        const reply = await taskCalls.mine({ filtro, hoy: todayIso(), offset, max: Math.min(200, Math.max(PAGE, keep)) });
        setRows((before) => (offset ? [...before, ...reply.rows] : reply.rows));
        setTotal(reply.total);
      } catch (error) {
        setFailed({ error, retry: () => void load(offset, keep) });
      } finally {
        setLoading(false);
      }
    },
    [filtro],
  );
  useEffect(() => {
    setRows([]);
    void load(0);
  }, [load]);

  const current = filtro.startsWith('registro-') ? null : filtro;
  return (
    <Stack gap="4">
      <Flex justify="space-between" align="center" gap="3" wrap="wrap">
        <Heading as="h1" size="lg">
          {/* the area's title: /task/:filter is a route of its own (taskList), but the same list, only filtered */}
          {t('routes.tasking')}
          {filtro.startsWith('registro-') && ` · ${t('tasks.filters.registro')}`}
        </Heading>
        <Button asChild size="sm" variant="outline">
          <RouterLink to="/planning">{t('tasks.planningLink')}</RouterLink>
        </Button>
      </Flex>
      <nav aria-label={t('tasks.filtersLabel')}>
        <HStack gap="2" wrap="wrap">
          {FILTERS.map((f) => (
            <Button key={f} asChild size="xs" variant={current === f ? 'solid' : 'outline'} colorPalette="brand">
              <RouterLink to={f === 'pendientes' ? '/task' : `/task/${f}`} aria-current={current === f ? 'page' : undefined}>
                {t(`tasks.filters.${f}`)}
              </RouterLink>
            </Button>
          ))}
        </HStack>
      </nav>
      {failed && !rows.length ? (
        <LoadFailed error={failed.error} onRetry={failed.retry} />
      ) : loading && !rows.length ? (
        <Spinner aria-label={t('tasks.loading')} />
      ) : !rows.length ? (
        <Text color="fg.muted">{t('tasks.empty')}</Text>
      ) : (
        <Stack gap="3" aria-busy={loading || undefined}>
          {rows.map((task) => (
            <TaskItem key={task.id} task={task} roles={user?.roles ?? []} onChanged={() => void load(0, rows.length)} />
          ))}
        </Stack>
      )}
      {failed && rows.length > 0 && <LoadFailed error={failed.error} onRetry={failed.retry} />}
      {rows.length > 0 && (
        <HStack gap="3">
          <Text fontSize="sm" color="fg.muted" role="status">
            {t('tasks.count', { shown: rows.length, count: total })}
          </Text>
          {rows.length < total && (
            <Button size="sm" variant="outline" onClick={() => void load(rows.length)} loading={loading}>
              {t('tasks.more')}
            </Button>
          )}
        </HStack>
      )}
    </Stack>
  );
}
