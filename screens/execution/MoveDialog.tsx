/**
 * "Move" (spec §7 registro/nextSteps, registro/move): the ways on from where the record sits, as the server
 * answers them (answers of a question, options of a specialization, the next activity or the end); choosing
 * one moves the record along exactly that way. At a question the question heads its answers. Into an activity
 * that pre-assigns, the user first picks who gets it; to the end (it closes the record, which staff cannot reopen)
 * the user confirms first. A refused move says why here in words: REQUIERE_CERRAR_TAREAS_INSTRUCTIVO lists the
 * tasks still open, ADJUNTO_OBLIGATORIO asks for an attachment; only a code without a text is shown as such.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Fieldset, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import { decisionTexts, questionOf, type OfferedStep } from '../../engine/records/moves';
import { Modal } from '../../widgets/Modal';
import { reportFailure } from '../app/feedback';
import { ConfirmAction } from '../entity/ConfirmAction';
import { AssigneePicker } from './AssigneePicker';
import { recordCalls } from './calls';

export interface MoveDialogProps {
  recordId: number;
  /** Moves along the chosen way (to `asignarA` where it pre-assigns); resolves when done (the dialog closes) or rejects (it stays, saying why). */
  onMove: (step: OfferedStep, asignarA?: number) => Promise<void>;
  onClose: () => void;
}

interface Refusal {
  /** Set only when the code has no text of its own (then the server's message is the text). */
  code: string | null;
  text: string;
  tasks: string[];
}

export function MoveDialog({ recordId, onMove, onClose }: MoveDialogProps) {
  const { t, i18n } = useTranslation();
  const [steps, setSteps] = useState<OfferedStep[] | null>(null);
  const [moving, setMoving] = useState<number | null>(null);
  /** A way into a pre-assigning activity, waiting for who gets the record. */
  const [pending, setPending] = useState<number | null>(null);
  const [assignee, setAssignee] = useState<number | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  /** A way to the end, waiting for the user to confirm the record closes. */
  const [closing, setClosing] = useState<number | null>(null);
  useEffect(() => {
    let live = true;
    recordCalls.nextSteps(recordId).then(
      (s) => live && setSteps(s),
      (e) => {
        if (e instanceof ApiError) reportFailure(e);
        if (live) onClose();
      },
    );
    return () => {
      live = false;
    };
    // onClose is the caller's render callback
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recordId]);

  const label = (s: OfferedStep) => {
    const decisions = decisionTexts(s).map((d) => (d.byDefault ? t('execution.move.byDefault', { text: d.text }) : d.text));
    const to = 'fin' in s.destino ? t('execution.move.toEnd') : s.destino.titulo;
    return [...decisions, to].join(' → ');
  };

  const go = async (i: number, asignarA?: number) => {
    setMoving(i);
    setRefusal(null);
    try {
      await onMove(steps![i], asignarA);
    } catch (e) {
      setMoving(null);
      if (!(e instanceof ApiError) || e.code === 'REGISTRO_TOMADO') return;
      const coded = e.fieldErrors.find((f) => f.code === e.code);
      const open = coded?.params?.tareas;
      const known = Boolean(e.code) && i18n.exists(`errors.${e.code}`);
      const text = known ? t(`errors.${e.code}`, coded?.params) : e.message || t('errors.INTERNAL_ERROR');
      setRefusal({ code: known ? null : (e.code ?? 'INTERNAL_ERROR'), text, tasks: typeof open === 'string' && open ? open.split(', ') : [] });
    }
  };
  const needsAssignee = (s: OfferedStep) => !('fin' in s.destino) && s.destino.preasignar === 'preasignar';
  const target = pending !== null && steps ? steps[pending] : null;
  const question = steps ? questionOf(steps) : null;

  return (
    <Modal open onClose={onClose} title={t('execution.move.title')} persistent={false}>
      {refusal && (
        <Alert.Root status="error" role="alert" mb="3">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{refusal.text}</Alert.Title>
            <Alert.Description>
              {refusal.tasks.length > 0 && (
                <>
                  <Text>{t('execution.move.openTasks')}</Text>
                  <List.Root ps="4">
                    {refusal.tasks.map((task) => (
                      <List.Item key={task}>{task}</List.Item>
                    ))}
                  </List.Root>
                </>
              )}
              {refusal.code && (
                <Text textStyle="xs" color="fg.muted" mt="1">
                  {t('execution.move.code', { code: refusal.code })}
                </Text>
              )}
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {steps === null ? (
        <Spinner role="status" aria-label={t('app.loading')} />
      ) : steps.length === 0 ? (
        <Text color="fg.muted">{t('execution.move.none')}</Text>
      ) : (
        <Stack gap="2">
          <Fieldset.Root gap="2">
            {/* at a question, the question itself: its answers alone ("Sí", "No") do not say what is decided */}
            <Fieldset.Legend fontSize="md" fontWeight={question ? 'semibold' : 'normal'} color="fg" mb="1">
              {question ?? t('execution.move.intro')}
            </Fieldset.Legend>
            {steps.map((s, i) => (
              <Button
                key={i}
                variant="outline"
                justifyContent="flex-start"
                whiteSpace="normal"
                textAlign="start"
                h="auto"
                py="2"
                loading={moving === i}
                disabled={moving !== null && moving !== i}
                aria-pressed={needsAssignee(s) ? pending === i : undefined}
                onClick={() => {
                  if ('fin' in s.destino) return setClosing(i);
                  if (!needsAssignee(s)) return void go(i);
                  setPending(i);
                  setAssignee(null);
                }}
              >
                {label(s)}
              </Button>
            ))}
          </Fieldset.Root>
          {target && !('fin' in target.destino) && (
            <Stack gap="2" borderTopWidth="1px" pt="3">
              <AssigneePicker
                actividad={target.destino.actividad}
                value={assignee}
                onChange={setAssignee}
                label={t('execution.assign.moveTo', { activity: target.destino.titulo })}
              />
              <Button colorPalette="brand" alignSelf="flex-end" loading={moving === pending} onClick={() => void go(pending!, assignee ?? undefined)}>
                {t('execution.move.confirm')}
              </Button>
            </Stack>
          )}
        </Stack>
      )}
      <ConfirmAction
        open={closing !== null}
        title={t('execution.move.closeConfirm.title')}
        text={t('execution.move.closeConfirm.text')}
        confirmLabel={t('execution.move.closeConfirm.confirm')}
        danger
        onCancel={() => setClosing(null)}
        onConfirm={() => {
          const i = closing!;
          setClosing(null);
          void go(i);
        }}
      />
    </Modal>
  );
}
