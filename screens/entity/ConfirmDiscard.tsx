/** "Leave without saving?" for a dialog whose form has typed data (its exit, close button or Escape). */
import { Button, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../widgets/Modal';

export function ConfirmDiscard({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <Modal
      open
      onClose={onStay}
      title={t('execution.unsaved.title')}
      footer={
        <HStack>
          <Button variant="ghost" onClick={onLeave}>
            {t('execution.unsaved.leave')}
          </Button>
          <Button colorPalette="brand" onClick={onStay} autoFocus>
            {t('execution.unsaved.stay')}
          </Button>
        </HStack>
      }
    >
      <Text>{t('execution.unsaved.text')}</Text>
    </Modal>
  );
}
