/**
 * A task's form (spec §2 /backOffice/instructive/task/:id/:parent?; :parent is the instructive a new task goes
 * in). Its state is changed by the actions the task state machine offers (start, finish, reopen for ADMIN);
 * the fields its state locks are read-only with the reason; an instructive's own tasks are read-only while the
 * instructive is current. The server checks all of it again on save.
 */
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Spinner, Stack } from '@chakra-ui/react';
import { isInstructiveMode, isEditable } from '../../machines/instructiveMode';
import { allowedEvents, isTaskState, locksOf, type TaskEvent } from '../../machines/taskState';
import { SchemaForm } from '../../widgets/SchemaForm/SchemaForm';
import { SubHeader } from '../../widgets/SubHeader';
import { showSuccess } from '../../widgets/toaster';
import { entityCalls, optionsSource } from '../app/entityData';
import { useSession } from '../app/useSession';
import { RecordHistory } from '../entity/RecordHistory';
import { useEntityRecord } from '../entity/useEntityRecord';
import { entityOf, rulesOf } from '../metadata';
import type { ScreenProps } from '../registry';
import { taskUi } from './lockedUi';
import { FormTrail } from '../entity/FormTrail';
import { taskCalls } from './taskCalls';
import { ConfirmDiscard } from '../entity/ConfirmDiscard';
import { useFormLeave } from '../entity/useFormLeave';
import { useSaveShortcut } from '../entity/useSaveShortcut';

const CALL: Record<TaskEvent['type'], 'start' | 'finish' | 'reopen'> = { START: 'start', FINISH: 'finish', REOPEN: 'reopen' };
const DONE: Record<TaskEvent['type'], string> = { START: 'tasks.actions.started', FINISH: 'tasks.actions.finished', REOPEN: 'tasks.actions.reopened' };

export default function TaskFormScreen(props: ScreenProps) {
  const visit = useLocation().key;
  // a form per visit (screens/entity/EntityFormScreen.tsx): a new one reached again never carries the last one's id
  return <TaskForm key={visit} {...props} />;
}

function TaskForm({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const { id = 'create', parent } = useParams();
  const entity = entityOf(route?.entity ?? 'tarea');
  const creating = id === 'create';
  const record = useEntityRecord(entity, creating ? null : id, () => navigate('/backOffice/instructive', { replace: true }));
  const data = useMemo(() => (creating && parent && /^\d+$/.test(parent) && record.data ? { instructivo: Number(parent), ...record.data } : record.data), [creating, parent, record.data]);
  const instructivo = typeof data?.instructivo === 'number' ? data.instructivo : undefined;
  const registro = typeof data?.registro === 'number' ? data.registro : null;
  const estado = isTaskState(data?.estado) ? data.estado : 'no_iniciada';
  const [definitionLocked, setDefinitionLocked] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    if (instructivo === undefined || registro !== null) return setDefinitionLocked(false);
    let live = true;
    entityCalls.show('instructivo', instructivo).then(
      (i) => live && setDefinitionLocked(isInstructiveMode(i.modo) && !isEditable(i.modo)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [instructivo, registro]);

  const shown = useMemo(() => ({ ...entity, ui: taskUi(entity, estado, { instructivo, registro }) }), [entity, estado, instructivo, registro]);
  const exitTo = instructivo !== undefined ? `/backOffice/instructive/${instructivo}` : '/backOffice/instructive';
  const formId = 'form-tarea';
  const readOnly = definitionLocked;
  // typed data is not lost without a question: leaving (exit, menu, back) asks, closing the tab warns
  const [dirty, setDirty] = useState(false);
  const leave = useFormLeave(dirty && !readOnly);
  // a state change shows the task as the server then holds it: typed data would go with it, so it asks first too
  const [pendingEvent, setPendingEvent] = useState<TaskEvent['type'] | null>(null);
  useSaveShortcut(formId, !readOnly);

  const send = async (type: TaskEvent['type']) => {
    setBusy(type);
    try {
      // meets the version on screen; the reply is what the form shows next (its state's locks and actions) and
      // the version a later save meets; a refusal's toast says why
      if (await record.act((version) => taskCalls.send(CALL[type], Number(id), version))) showSuccess(t(DONE[type]));
    } finally {
      setBusy(null);
    }
  };

  const events = !creating && registro !== null ? allowedEvents(estado, user?.roles ?? []) : [];
  const actions = (
    <>
      {events.map((type) => (
        <Button key={type} size="sm" variant="outline" loading={busy === type} onClick={() => (dirty && !readOnly ? setPendingEvent(type) : send(type))}>
          {t(`tasks.actions.${CALL[type]}`)}
        </Button>
      ))}
      {record.recordId !== null && record.data !== null && <RecordHistory entity={entity} id={record.recordId} />}
    </>
  );
  return (
    <Stack gap="4">
      <FormTrail entity={entity} data={record.data} id={creating ? null : id} returnTo={instructivo !== undefined ? exitTo : null} />
      <SubHeader
        title={t(`routes.${route?.name ?? 'instructiveTask'}`)}
        saveFormId={readOnly ? undefined : formId}
        saving={record.saving}
        exitTo={exitTo}
        actions={actions}
        confirmExit={leave.confirmExit}
      />
      {definitionLocked && (
        <Alert.Root status="info" role="status">
          <Alert.Indicator />
          <Alert.Title>{t('tasks.form.definitionLocked')}</Alert.Title>
        </Alert.Root>
      )}
      {!creating && locksOf(estado).length > 0 && (
        <Alert.Root status="warning" role="status">
          <Alert.Indicator />
          <Alert.Title>
            {t('tasks.form.state', { state: t(`entities.tarea.enums.estado.${estado}`) })} — {t('tasks.form.locked')}
          </Alert.Title>
        </Alert.Root>
      )}
      {data === null ? (
        <Spinner aria-label={t('app.loading')} />
      ) : (
        <SchemaForm
          entity={shown}
          formId={formId}
          formData={data}
          readOnly={readOnly}
          serverErrors={record.serverErrors}
          optionsSource={optionsSource}
          rules={rulesOf(entity.name)}
          onDirtyChange={(value) => {
            // the record takes a newer copy only while nothing typed is pending
            record.onDirtyChange(value);
            setDirty(value);
          }}
          onSubmit={async (values) => {
            if (!(await record.save(values))) return;
            leave.allow();
            navigate(exitTo, { replace: true });
          }}
        />
      )}
      <ConfirmDiscard
        open={pendingEvent !== null}
        text={t('tasks.form.unsavedState.text')}
        leaveLabel={pendingEvent ? t('tasks.form.unsavedState.go', { action: t(`tasks.actions.${CALL[pendingEvent]}`) }) : undefined}
        onStay={() => setPendingEvent(null)}
        onLeave={() => {
          const type = pendingEvent;
          setPendingEvent(null);
          if (type) void send(type);
        }}
      />
      {leave.dialogs}
    </Stack>
  );
}
