/**
 * "Save first?" before a record action (a mode change) while the form has typed data: the action shows the record
 * as the server then holds it, so what was typed is saved first — or the user keeps on editing. `text` and
 * `confirmLabel` (translated) name the action.
 */
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../widgets/ConfirmDialog';

interface ConfirmSaveFirstProps {
  open: boolean;
  text: string;
  confirmLabel: string;
  onStay: () => void;
  onConfirm: () => void;
}

export function ConfirmSaveFirst({ open, text, confirmLabel, onStay, onConfirm }: ConfirmSaveFirstProps) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('execution.unsaved.title')}
      secondary={{ label: t('execution.unsaved.stay'), onClick: onStay }}
      primary={{ label: confirmLabel, onClick: onConfirm, autoFocus: true }}
    >
      {text}
    </ConfirmDialog>
  );
}
