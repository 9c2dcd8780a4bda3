/**
 * "Leave without saving?" for a dialog whose form has typed data (its exit, close button or Escape); `text` and
 * `leaveLabel` (translated) say it of another step that drops what was typed. Staying is the focused answer.
 */
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../widgets/ConfirmDialog';

export function ConfirmDiscard({ open, onStay, onLeave, text, leaveLabel }: { open: boolean; onStay: () => void; onLeave: () => void; text?: string; leaveLabel?: string }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('execution.unsaved.title')}
      onClose={onStay}
      secondary={{ label: leaveLabel ?? t('execution.unsaved.leave'), onClick: onLeave }}
      primary={{ label: t('execution.unsaved.stay'), onClick: onStay, autoFocus: true }}
    >
      {text ?? t('execution.unsaved.text')}
    </ConfirmDialog>
  );
}
