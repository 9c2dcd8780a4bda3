/**
 * "Move" (spec §7 registro/nextSteps, registro/move): the ways on from where the record sits, as the server
 * answers them (answers of a question, options of a specialization, the next activity or the end); choosing
 * one moves the record along exactly that way.
 */
import { useEffect, useState } from 'react';
import { Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../engine/api/client';
import { decisionTexts, type OfferedStep } from '../../engine/records/moves';
import { Modal } from '../../widgets/Modal';
import { reportFailure } from '../app/feedback';
import { recordCalls } from './calls';

export interface MoveDialogProps {
  recordId: number;
  /** Moves along the chosen way; resolves when done (the dialog closes) or rejects (it stays). */
  onMove: (step: OfferedStep) => Promise<void>;
  onClose: () => void;
}

export function MoveDialog({ recordId, onMove, onClose }: MoveDialogProps) {
  const { t } = useTranslation();
  const [steps, setSteps] = useState<OfferedStep[] | null>(null);
  const [moving, setMoving] = useState<number | null>(null);
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

  return (
    <Modal open onClose={onClose} title={t('execution.move.title')} persistent={false}>
      {steps === null ? (
        <Spinner role="status" aria-label={t('app.loading')} />
      ) : steps.length === 0 ? (
        <Text color="fg.muted">{t('execution.move.none')}</Text>
      ) : (
        <Stack gap="2">
          <Text>{t('execution.move.intro')}</Text>
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
              onClick={async () => {
                setMoving(i);
                try {
                  await onMove(s);
                } catch {
                  setMoving(null);
                }
              }}
            >
              {label(s)}
            </Button>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
