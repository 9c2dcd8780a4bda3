/**
 * An instructive to read (`/task/instructive/:id`), for staff who work its tasks: opened from a task card, its
 * fields as text and its tasks in order, nothing to edit or act on (the back office's form is for ADMIN / ROOT;
 * the server lets every signed-in user read instructives and their PERT table, and write none).
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { SubHeader } from '../../widgets/SubHeader';
import { Trail } from '../../widgets/Trail';
import { EntityForm } from '../entity/EntityForm';
import { useEntityRecord } from '../entity/useEntityRecord';
import { entityOf } from '../metadata';
import type { ScreenProps } from '../registry';
import { taskCalls, type PertReply } from '../tasks/taskCalls';
import { PertTable } from './PertTable';

const TASKS = '/task';

export default function InstructiveViewScreen({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const entity = entityOf(route?.entity ?? 'instructivo');
  const record = useEntityRecord(entity, id, () => navigate(TASKS, { replace: true }));
  const [pert, setPert] = useState<PertReply | null>(null);
  useEffect(() => {
    const none = () => setPert({ duracion: 0, desviacion: 0, varianza: 0, rutaCritica: [], tareas: [] });
    // an address typed by hand ("create") names no instructive: its read sends the user back to the tasks
    if (!/^[1-9]\d*$/.test(id)) return none();
    taskCalls.pert(Number(id)).then(setPert, none);
  }, [id]);
  const title = typeof record.data?.titulo === 'string' && record.data.titulo ? record.data.titulo : t(`routes.${route?.name ?? 'taskInstructive'}`);

  return (
    <Stack gap="4">
      <Trail steps={[{ label: t('routes.task'), to: TASKS }, { label: title }]} />
      <SubHeader title={title} exitTo={TASKS} />
      <EntityForm entity={entity} formId="instructive-view" record={record} readOnly />
      <Stack gap="3" as="section" aria-labelledby="instructive-view-tasks">
        <Heading as="h2" size="md" id="instructive-view-tasks">
          {t('instructive.tasks.title')}
        </Heading>
        {pert === null ? (
          <Spinner aria-label={t('instructive.tasks.loading')} />
        ) : pert.tareas.length === 0 ? (
          <Text color="fg.muted">{t('instructive.tasks.empty')}</Text>
        ) : (
          <PertTable pert={pert} instructivo={Number(id)} linkTasks={false} />
        )}
      </Stack>
    </Stack>
  );
}
