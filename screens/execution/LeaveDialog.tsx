/** "Leave without saving?" for a blocked navigation (useLeaveGuard). */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Blocker } from 'react-router-dom';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';

export function LeaveDialog({ blocker }: { blocker: Blocker }) {
  const { t } = useTranslation();
  if (blocker.state !== 'blocked') return null;
  return (
    <Modal
      open
      onClose={() => blocker.reset()}
      title={t('execution.unsaved.title')}
      footer={
        <DialogButtons
          secondary={{ label: t('execution.unsaved.leave'), onClick: () => blocker.proceed() }}
          primary={{ label: t('execution.unsaved.stay'), onClick: () => blocker.reset(), autoFocus: true }}
        />
      }
    >
      <Text>{t('execution.unsaved.text')}</Text>
    </Modal>
  );
}
