/**
 * The one button order of every dialog: the record's own actions first (history, resend, ...), then, on the
 * right, the secondary action (cancel, leave, close) and last the primary one (save, apply, confirm), the way
 * most desktop and web tools place them. A primary that destroys (delete) is red. Escape does what the
 * secondary does (widgets/Modal.tsx calls its onClose).
 */
import type { ReactNode } from 'react';
import { Button, HStack } from '@chakra-ui/react';

export interface DialogAction {
  label: string;
  onClick?: () => void;
  /** Submits this form instead (a form in the dialog's body). */
  form?: string;
  loading?: boolean;
  disabled?: boolean;
  /** Deletes or discards for good: red. */
  danger?: boolean;
  autoFocus?: boolean;
}

export interface DialogButtonsProps {
  /** The record's own buttons, at the start of the row. */
  extra?: ReactNode;
  secondary?: DialogAction;
  primary?: DialogAction;
}

export function DialogButtons({ extra, secondary, primary }: DialogButtonsProps) {
  return (
    <HStack w="full" gap="2" wrap="wrap" justify="flex-end">
      {extra && (
        <HStack gap="2" wrap="wrap" me="auto">
          {extra}
        </HStack>
      )}
      {secondary && (
        <Button type="button" variant="outline" onClick={secondary.onClick} disabled={secondary.disabled} autoFocus={secondary.autoFocus}>
          {secondary.label}
        </Button>
      )}
      {primary && (
        <Button
          type={primary.form ? 'submit' : 'button'}
          form={primary.form}
          colorPalette={primary.danger ? 'red' : 'brand'}
          onClick={primary.onClick}
          loading={primary.loading}
          disabled={primary.disabled}
          autoFocus={primary.autoFocus}
        >
          {primary.label}
        </Button>
      )}
    </HStack>
  );
}
