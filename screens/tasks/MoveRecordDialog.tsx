/**
 * Moves a record on from the task area: the next steps the server offers (registro/nextSteps, the engine's
 * own computation), under the question they answer, and the move; to the end (it closes the record, which staff
 * cannot reopen) only once confirmed. A refused move says why here in words — REQUIERE_CERRAR_TAREAS_INSTRUCTIVO
 * lists the tasks still open; only a code without a text is shown as such.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert, List, RadioGroup, Spinner, Stack, Text } from '@chakra-ui/react';
import { ApiError } from '../../engine/api/client';
import { questionOf } from '../../engine/records/moves';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';
import { showSuccess } from '../../widgets/toaster';
import { ConfirmAction } from '../entity/ConfirmAction';
import { choiceOf, decisionsText } from './recordMove';
import { taskCalls, type NextStepView } from './taskCalls';

interface Props {
  registro: number;
  numero: string;
  onClose: () => void;
  onMoved: () => void;
}

interface Refusal {
  code: string;
  tasks: string[];
}

export function MoveRecordDialog({ registro, numero, onClose, onMoved }: Props) {
  const { t, i18n } = useTranslation();
  const [steps, setSteps] = useState<NextStepView[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [moving, setMoving] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [closing, setClosing] = useState(false);

  useEffect(() => {
    let live = true;
    taskCalls.nextSteps(registro).then(
      (s) => {
        if (!live) return;
        setSteps(s);
        setChosen(s.length ? '0' : null);
      },
      () => live && setSteps([]),
    );
    return () => {
      live = false;
    };
  }, [registro]);

  const move = async () => {
    if (!steps || chosen === null) return;
    setMoving(true);
    setRefusal(null);
    try {
      await taskCalls.move(registro, choiceOf(steps[Number(chosen)]));
      showSuccess(t('tasks.record.moved'));
      onMoved();
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      const open = e.fieldErrors.find((f) => f.code === e.code)?.params?.tareas;
      setRefusal({ code: e.code ?? 'INTERNAL_ERROR', tasks: typeof open === 'string' && open ? open.split(', ') : [] });
    } finally {
      setMoving(false);
    }
  };

  const toEnd = steps !== null && chosen !== null && 'fin' in (steps[Number(chosen)]?.destino ?? {});
  const question = steps ? questionOf(steps) : null;
  const known = refusal !== null && i18n.exists(`errors.${refusal.code}`);
  const footer = (
    <DialogButtons
      secondary={{ label: t('tasks.actions.cancel'), onClick: onClose }}
      primary={{ label: t('tasks.record.moveAction'), onClick: () => (toEnd ? setClosing(true) : void move()), loading: moving, disabled: !steps?.length || chosen === null }}
    />
  );

  return (
    <Modal open onClose={onClose} title={t('tasks.record.moveOf', { numero })} footer={footer}>
      <Stack gap="4">
        {steps === null ? (
          <Spinner aria-label={t('tasks.record.loading')} />
        ) : steps.length === 0 ? (
          <Text>{t('tasks.record.noSteps')}</Text>
        ) : (
          <RadioGroup.Root value={chosen} onValueChange={(e) => setChosen(e.value)} aria-label={question ?? t('tasks.record.chooseStep')}>
            <Stack gap="2">
              {/* at a question, the question itself: its answers alone ("Sí", "No") do not say what is decided */}
              {question && (
                <RadioGroup.Label fontWeight="semibold">{question}</RadioGroup.Label>
              )}
              {steps.map((s, i) => {
                const via = decisionsText(s);
                return (
                  <RadioGroup.Item key={i} value={String(i)}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>
                      {'fin' in s.destino ? t('tasks.record.toEnd') : s.destino.titulo}
                      {via && ` (${t('tasks.record.via', { decisions: via })})`}
                    </RadioGroup.ItemText>
                  </RadioGroup.Item>
                );
              })}
            </Stack>
          </RadioGroup.Root>
        )}
        {refusal && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Title>{known ? t(`errors.${refusal.code}`) : t('errors.INTERNAL_ERROR')}</Alert.Title>
              <Alert.Description>
                {refusal.tasks.length > 0 && (
                  <>
                    <Text fontWeight="semibold" mt="1">
                      {t('tasks.record.openTasks')}
                    </Text>
                    <List.Root ps="5">
                      {refusal.tasks.map((task) => (
                        <List.Item key={task}>{task}</List.Item>
                      ))}
                    </List.Root>
                  </>
                )}
                {!known && (
                  <Text textStyle="xs" color="fg.muted" mt="1">
                    {t('tasks.record.code', { code: refusal.code })}
                  </Text>
                )}
              </Alert.Description>
            </Alert.Content>
          </Alert.Root>
        )}
      </Stack>
      <ConfirmAction
        open={closing}
        title={t('execution.move.closeConfirm.title')}
        text={t('execution.move.closeConfirm.text')}
        confirmLabel={t('execution.move.closeConfirm.confirm')}
        danger
        onCancel={() => setClosing(false)}
        onConfirm={() => {
          setClosing(false);
          void move();
        }}
      />
    </Modal>
  );
}
