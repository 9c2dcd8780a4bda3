/**
 * An instructive's form (spec §2 /backOffice/instructive/:id; issue 13): its fields, its mode (the instructive
 * mode machine offers "make current" with tasks, "back to elaboration" when current — which raises the
 * revision), read-only while current, and its tasks with their PERT times. A mode change shows the server's
 * reply (mode, revision, version: useEntityRecord's `act`); what was typed is saved before it, once asked.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { Alert, Button, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import { allowedModeEvents, isInstructiveMode } from '../../machines/instructiveMode';
import { SubHeader } from '../../widgets/SubHeader';
import { showSuccess } from '../../widgets/toaster';
import { ConfirmSaveFirst } from '../entity/ConfirmSaveFirst';
import { EntityForm } from '../entity/EntityForm';
import { RecordHistory } from '../entity/RecordHistory';
import { useEntityRecord } from '../entity/useEntityRecord';
import { entityOf } from '../metadata';
import type { ScreenProps } from '../registry';
import { taskCalls, type PertReply } from '../tasks/taskCalls';
import { FormTrail } from '../entity/FormTrail';
import { PertTable } from './PertTable';
import { useFormLeave } from '../entity/useFormLeave';
import { useSaveShortcut } from '../entity/useSaveShortcut';

const LIST = '/backOffice/instructive';

export default function InstructiveFormScreen(props: ScreenProps) {
  const visit = useLocation().key;
  // a form per visit (screens/entity/EntityFormScreen.tsx): a new one reached again never carries the last one's id
  return <InstructiveForm key={visit} {...props} />;
}

function InstructiveForm({ route }: ScreenProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = 'create', show } = useParams();
  const entity = entityOf(route?.entity ?? 'instructivo');
  const creating = id === 'create';
  const record = useEntityRecord(entity, creating ? null : id, () => navigate(LIST, { replace: true }));
  const [pert, setPert] = useState<PertReply | null>(null);
  const [busy, setBusy] = useState(false);
  const saved = record.recordId !== null && record.data !== null ? Number(record.recordId) : null;
  const mode = isInstructiveMode(record.data?.modo) ? record.data.modo : 'en_elaboracion';
  const current = mode === 'vigente';
  const readOnly = current || (show === 'show' && !creating);
  const formId = 'form-instructivo';
  // typed data is not lost without a question: leaving (exit, menu, back) asks, closing the tab warns
  const [dirty, setDirty] = useState(false);
  const leave = useFormLeave(dirty && !readOnly);
  useSaveShortcut(formId, !readOnly);
  // a new instructive, once saved, is opened at its own address (to add its tasks): the save's own move, not asked about
  const { allow } = leave;
  useEffect(() => {
    if (!creating || record.recordId === null) return;
    allow();
    void navigate(`${LIST}/${record.recordId}`, { replace: true });
  }, [creating, record.recordId, navigate, allow]);

  const loadPert = useCallback(() => {
    if (saved === null) return;
    taskCalls.pert(saved).then(setPert, () => setPert({ duracion: 0, desviacion: 0, varianza: 0, rutaCritica: [], tareas: [] }));
  }, [saved]);
  useEffect(loadPert, [loadPert]);


  const events = useMemo(() => (saved === null ? [] : allowedModeEvents(mode, pert?.tareas.length ?? 0)), [saved, mode, pert]);
  // making current with typed data asks first: the typed data is saved, then the mode changes
  const [asking, setAsking] = useState(false);
  const change = async (to: 'publish' | 'revise') => {
    setBusy(true);
    try {
      const typed = record.typed();
      // a refused save (its errors on the fields, or a toast) leaves the mode and what was typed as they are
      if (typed && !(await record.save(typed))) return;
      // the reply is what the form shows: the new mode's actions, and the version a later save meets
      if (await record.act((version) => taskCalls.mode(saved!, to, version))) showSuccess(t(to === 'publish' ? 'instructive.published' : 'instructive.revised'));
    } finally {
      setBusy(false);
    }
  };

  const actions = (
    <>
      {events.includes('PUBLISH') && (
        <Button size="sm" variant="outline" colorPalette="brand" loading={busy} onClick={() => (dirty && !readOnly ? setAsking(true) : void change('publish'))}>
          {t('instructive.publish')}
        </Button>
      )}
      {events.includes('REVISE') && (
        <Button size="sm" variant="outline" loading={busy} onClick={() => void change('revise')}>
          {t('instructive.revise')}
        </Button>
      )}
      {saved !== null && <RecordHistory entity={entity} id={saved} />}
    </>
  );
  return (
    <Stack gap="4">
      <FormTrail entity={entity} data={record.data} id={creating ? null : id} />
      <SubHeader
        title={t(`routes.${route?.name ?? 'instructive'}`)}
        saveFormId={readOnly ? undefined : formId}
        saving={record.saving}
        showEdit={show === 'show' && !creating && !current}
        onEdit={() => navigate(`${LIST}/${encodeURIComponent(id)}`)}
        exitTo={LIST}
        actions={actions}
        confirmExit={leave.confirmExit}
      />
      {saved !== null && (
        <Alert.Root status={current ? 'success' : 'info'} role="status">
          <Alert.Indicator />
          <Alert.Title>{t(current ? 'instructive.current' : 'instructive.elaboration', { revision: record.data?.revision ?? 0 })}</Alert.Title>
        </Alert.Root>
      )}
      <EntityForm
        entity={entity}
        formId={formId}
        record={record}
        readOnly={readOnly}
        onSaved={loadPert}
        onDirtyChange={setDirty}
      />
      {leave.dialogs}
      <ConfirmSaveFirst
        open={asking}
        text={t('instructive.unsaved.text')}
        confirmLabel={t('instructive.unsaved.publish')}
        onStay={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          void change('publish');
        }}
      />
      <Stack gap="3" as="section" aria-labelledby="instructive-tasks">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Heading as="h2" size="md" id="instructive-tasks">
            {t('instructive.tasks.title')}
          </Heading>
          {saved !== null && !current && (
            <Button asChild size="sm" colorPalette="brand">
              <RouterLink to={`/backOffice/instructive/task/create/${saved}`}>{t('instructive.tasks.add')}</RouterLink>
            </Button>
          )}
        </Flex>
        {saved === null ? (
          <Text color="fg.muted">{t('instructive.tasks.saveFirst')}</Text>
        ) : pert === null ? (
          <Spinner aria-label={t('instructive.tasks.loading')} />
        ) : pert.tareas.length === 0 ? (
          <Text color="fg.muted">{t('instructive.tasks.empty')}</Text>
        ) : (
          <PertTable pert={pert} instructivo={saved} />
        )}
      </Stack>
    </Stack>
  );
}
