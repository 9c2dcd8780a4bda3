/**
 * Previous / next record buttons of a form opened from a list, with the record's place in it ("3 of 57").
 * Each button names its keyboard shortcut in its tooltip and `aria-keyshortcuts`; at an end of the list it is
 * disabled. The screen decides what a step does.
 */
import { HStack, IconButton, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ChevronLeftIcon, ChevronRightIcon } from './icons';

export interface RecordStepsProps {
  /** 1-based place of the record in the list. */
  position: number;
  total: number;
  /** The total is a lower bound (a large list the server only estimated). */
  estimated?: boolean;
  canPrev: boolean;
  canNext: boolean;
  onStep: (dir: 'prev' | 'next') => void;
}

export function RecordSteps({ position, total, estimated, canPrev, canNext, onStep }: RecordStepsProps) {
  const { t } = useTranslation();
  return (
    <HStack gap="1" role="group" aria-label={t('entity.steps')}>
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t('entity.previous')}
        title={t('entity.previous')}
        aria-keyshortcuts="Alt+ArrowLeft"
        disabled={!canPrev}
        onClick={() => onStep('prev')}
      >
        <ChevronLeftIcon />
      </IconButton>
      <Text textStyle="sm" color="fg.muted" whiteSpace="nowrap" aria-live="polite">
        {t(estimated ? 'entity.positionEstimated' : 'entity.position', { n: position, total })}
      </Text>
      <IconButton
        size="sm"
        variant="outline"
        aria-label={t('entity.next')}
        title={t('entity.next')}
        aria-keyshortcuts="Alt+ArrowRight"
        disabled={!canNext}
        onClick={() => onStep('next')}
      >
        <ChevronRightIcon />
      </IconButton>
    </HStack>
  );
}
