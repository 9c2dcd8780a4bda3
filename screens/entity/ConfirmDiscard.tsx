/**
 * "Leave without saving?" for a dialog whose form has typed data (its exit, close button or Escape); `text` and
 * `leaveLabel` (translated) say it of another step that drops what was typed.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../../widgets/Modal';
import { DialogButtons } from '../../widgets/DialogButtons';

export function ConfirmDiscard({ open, onStay, onLeave, text, leaveLabel }: { open: boolean; onStay: () => void; onLeave: () => void; text?: string; leaveLabel?: string }) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <Modal
      open
      onClose={onStay}
      title={t('execution.unsaved.title')}
      footer={
        <DialogButtons
          secondary={{ label: leaveLabel ?? t('execution.unsaved.leave'), onClick: onLeave }}
          primary={{ label: t('execution.unsaved.stay'), onClick: onStay, autoFocus: true }}
        />
      }
    >
      <Text>{text ?? t('execution.unsaved.text')}</Text>
    </Modal>
  );
}
