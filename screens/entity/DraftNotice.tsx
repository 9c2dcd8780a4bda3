/**
 * The notice above a form that offers a draft kept over a reload (./useDraft.tsx): when it was typed, in words of
 * the user's language, a warning when the record changed on the server since, and Recover / Discard.
 */
import { useTranslation } from 'react-i18next';
import { Alert, Button, HStack } from '@chakra-ui/react';
import { agoText } from '../../engine/formDrafts';

interface DraftNoticeProps {
  /** When the draft was kept, and when it was found (ms since the epoch). */
  at: number;
  seen: number;
  /** The record changed on the server since the draft was typed. */
  changed: boolean;
  onRecover: () => void;
  onDiscard: () => void;
}

export function DraftNotice({ at, seen, changed, onRecover, onDiscard }: DraftNoticeProps) {
  const { t, i18n } = useTranslation();
  return (
    <Alert.Root status={changed ? 'warning' : 'info'} role="status" alignItems="center" flexWrap="wrap">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('entity.draft.found', { when: agoText(at, seen, i18n.language) })}</Alert.Title>
        {changed && <Alert.Description>{t('entity.draft.changed')}</Alert.Description>}
      </Alert.Content>
      <HStack gap="2">
        <Button size="sm" onClick={onRecover}>
          {t('entity.draft.recover')}
        </Button>
        <Button size="sm" variant="outline" onClick={onDiscard}>
          {t('entity.draft.discard')}
        </Button>
      </HStack>
    </Alert.Root>
  );
}
