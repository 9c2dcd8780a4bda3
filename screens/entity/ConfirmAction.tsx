/**
 * "Are you sure?" before an action the user cannot take back themselves (release a record to others, close a
 * record, finish a task only an admin reopens): `text` says what it does, the action keeps its own name on its
 * button (red when `danger`), and cancelling is the focused default, as in ConfirmDiscard. Texts come translated.
 */
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../widgets/ConfirmDialog';

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
  return (
    <ConfirmDialog
      open={open}
      title={title}
      secondary={{ label: t('modal.cancel'), onClick: onCancel, autoFocus: true }}
      primary={{ label: confirmLabel, onClick: onConfirm, danger }}
    >
      {text}
    </ConfirmDialog>
  );
}
