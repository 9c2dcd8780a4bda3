/**
 * One of my tasks: a TaskCard with the actions the task state machine offers this user (start, finish — asked
 * first when the user could not reopen it —, reopen for an ADMIN), its dates and hours to edit, its record to move
 * on, and its instructive to read (staff: the task area's read-only view; admins: the back office's form).
 */
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { Button, Link } from '@chakra-ui/react';
import { hasAny, ROLES } from '../../engine/roles';
import { allowedEvents, type TaskEvent } from '../../machines/taskState';
import { TaskCard } from '../../widgets/TaskCard/TaskCard';
import { showSuccess } from '../../widgets/toaster';
import { ConfirmAction } from '../entity/ConfirmAction';
import { dmy, num } from './format';
import { MoveRecordDialog } from './MoveRecordDialog';
import { TaskPlanEditor } from './TaskPlanEditor';
import { taskCalls, type MyTask } from './taskCalls';

const CALL: Record<TaskEvent['type'], { call: 'start' | 'finish' | 'reopen'; done: string }> = {
  START: { call: 'start', done: 'tasks.actions.started' },
  FINISH: { call: 'finish', done: 'tasks.actions.finished' },
  REOPEN: { call: 'reopen', done: 'tasks.actions.reopened' },
};
const TONE = { no_iniciada: 'todo', iniciada: 'doing', finalizada: 'done' } as const;

export function TaskItem({ task, roles, onChanged }: { task: MyTask; roles: readonly string[]; onChanged: () => void }) {
  const { t, i18n } = useTranslation();
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [moving, setMoving] = useState(false);
  const [finishing, setFinishing] = useState(false);
  const admin = hasAny(roles, [ROLES.ADMIN, ROLES.ROOT]);
  // finishing is for good unless this user may reopen (an ADMIN): then it is asked first
  const finishIsFinal = !allowedEvents('finalizada', roles).includes('REOPEN');
  const navigate = useNavigate();
  // through the router: Back from the form is a move the form can ask about (typed data)
  const formPath = `/backOffice/instructive/task/${task.id}`;

  const send = async (type: TaskEvent['type']) => {
    setBusy(type);
    try {
      await taskCalls.send(CALL[type].call, task.id, task.version);
      showSuccess(t(CALL[type].done));
      onChanged();
    } catch {
      // the toast said why
    } finally {
      setBusy(null);
    }
  };

  const numero = task.registro_numero ?? `#${task.registro}`;
  const facts = [
    ...(task.fecha_inicio_estimada ? [t('tasks.start', { date: dmy(task.fecha_inicio_estimada) })] : []),
    task.fecha_fin_estimada ? t('tasks.due', { date: dmy(task.fecha_fin_estimada) }) : t('tasks.noDue'),
    ...(task.horas_asignadas !== null ? [t('tasks.hours', { count: task.horas_asignadas, hours: num(task.horas_asignadas, i18n.language) })] : []),
    ...(task.asignado_nombre ? [t('tasks.assigned', { name: task.asignado_nombre })] : []),
  ];
  // the instructive is read where the user may: its form for admins, the task area's view for staff
  const instructivePath = admin ? `/backOffice/instructive/${task.instructivo}/show` : `/task/instructive/${task.instructivo}`;
  const instructive = task.instructivo_titulo && (
    <Link asChild color="brand.fg" aria-label={t('tasks.instructive.open', { title: task.instructivo_titulo })}>
      <RouterLink to={instructivePath}>{task.instructivo_titulo}</RouterLink>
    </Link>
  );
  const context = [t('tasks.record.open', { numero }), task.actividad_titulo, instructive]
    .filter(Boolean)
    .map((part, i) => (
      <Fragment key={i}>
        {i > 0 && ' · '}
        {part}
      </Fragment>
    ));
  const actions = (
    <>
      {allowedEvents(task.estado, roles).map((type) => {
        const label = t(`tasks.actions.${CALL[type].call}`);
        return (
          <Button
            key={type}
            size="sm"
            colorPalette={type === 'FINISH' ? 'green' : 'brand'}
            loading={busy === type}
            onClick={() => (type === 'FINISH' && finishIsFinal ? setFinishing(true) : void send(type))}
            aria-label={t('tasks.actions.of', { action: label, title: task.titulo })}
          >
            {label}
          </Button>
        );
      })}
      <Button size="sm" variant="outline" onClick={() => setEditing((x) => !x)} aria-expanded={editing} aria-label={t('tasks.actions.editOf', { title: task.titulo })}>
        {t('tasks.actions.edit')}
      </Button>
      <Button size="sm" variant="outline" onClick={() => setMoving(true)} aria-label={t('tasks.record.moveOf', { numero })}>
        {t('tasks.record.move')}
      </Button>
    </>
  );
  return (
    <TaskCard
      title={task.titulo}
      href={admin ? `#${formPath}` : undefined}
      onOpen={admin ? () => void navigate(formPath) : undefined}
      hrefLabel={t('tasks.actions.open', { title: task.titulo })}
      context={context}
      stateLabel={t(`entities.tarea.enums.estado.${task.estado}`)}
      tone={TONE[task.estado]}
      facts={facts}
      overdueLabel={task.vencida ? t('tasks.overdue') : undefined}
      criticalLabel={task.critica ? t('tasks.critical') : undefined}
      actions={actions}
    >
      {editing && (
        <TaskPlanEditor
          task={task}
          onCancel={() => setEditing(false)}
          onDone={() => {
            setEditing(false);
            onChanged();
          }}
        />
      )}
      <ConfirmAction
        open={finishing}
        title={t('tasks.finishConfirm.title')}
        text={t('tasks.finishConfirm.text', { title: task.titulo })}
        confirmLabel={t('tasks.actions.finish')}
        onCancel={() => setFinishing(false)}
        onConfirm={() => {
          setFinishing(false);
          void send('FINISH');
        }}
      />
      {moving && (
        <MoveRecordDialog
          registro={task.registro}
          numero={numero}
          onClose={() => setMoving(false)}
          onMoved={() => {
            setMoving(false);
            onChanged();
          }}
        />
      )}
    </TaskCard>
  );
}
