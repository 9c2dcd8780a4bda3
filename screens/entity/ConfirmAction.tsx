/**
 * "Are you sure?" before an action the user cannot take back themselves (release a record to others, close a
 * record, finish a task only an admin reopens): `text` says what it does, the action keeps its own name on its
 * button (red when `danger`), and cancelling is the focused default, as in ConfirmDiscard. Texts come translated.
 */
import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../widgets/DialogButtons';
import { Modal } from '../../widgets/Modal';

interface ConfirmActionProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  danger?: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

export function ConfirmAction({ open, title, text, confirmLabel, danger, onCancel, onConfirm }: ConfirmActionProps) {
  const { t } = useTranslation();
  if (!open) return null;
  return (
    <Modal
      open
      onClose={onCancel}
      title={title}
      footer={
        <DialogButtons
          secondary={{ label: t('modal.cancel'), onClick: onCancel, autoFocus: true }}
          primary={{ label: confirmLabel, onClick: onConfirm, danger }}
        />
      }
    >
      <Text>{text}</Text>
    </Modal>
  );
}
