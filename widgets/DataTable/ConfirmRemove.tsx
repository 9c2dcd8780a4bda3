/** Asks before a row is removed. */
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export interface ConfirmRemoveProps {
  /** Text naming the row; null = closed. */
  rowName: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}

export function ConfirmRemove({ rowName, onConfirm, onCancel }: ConfirmRemoveProps) {
  const { t } = useTranslation();
  return (
    <Dialog.Root
      role="alertdialog"
      open={rowName !== null}
      onOpenChange={(e) => !e.open && onCancel()}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>{t('dataTable.confirmRemoveTitle')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Dialog.Description>{t('dataTable.confirmRemove', { row: rowName ?? '' })}</Dialog.Description>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">{t('dataTable.cancel')}</Button>
              </Dialog.ActionTrigger>
              <Button colorPalette="red" onClick={onConfirm}>
                {t('dataTable.confirm')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
