/** "Leave without saving?" for a blocked navigation (useLeaveGuard). */
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router-dom';
import { Modal } from '../../widgets/Modal';

export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      open
      onClose={() => blocker.reset()}
      title={t('execution.unsaved.title')}
      footer={
        <HStack>
          <Button variant="ghost" onClick={() => blocker.proceed()}>
            {t('execution.unsaved.leave')}
          </Button>
          <Button colorPalette="brand" onClick={() => blocker.reset()} autoFocus>
            {t('execution.unsaved.stay')}
          </Button>
        </HStack>
      }
    >
      <Text>{t('execution.unsaved.text')}</Text>
    </Modal>
  );
}
