/**
 * The one button order of every dialog: the record's own actions first (history, resend, ...), then, on the
 * right, the secondary action (cancel, leave, close) and last the primary one (save, apply, confirm), the way
 * most desktop and web tools place them. A primary that destroys (delete) is red. Escape does what the
 * secondary does (widgets/Modal.tsx calls its onClose). The dialog focuses first the button `firstFocus` picks.
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
  /** Focused when the dialog opens, whatever `firstFocus` would pick. */
  autoFocus?: boolean;
}

export interface DialogButtonsProps {
  /** The record's own buttons, at the start of the row. */
  extra?: ReactNode;
  secondary?: DialogAction;
  primary?: DialogAction;
}

/**
 * The button a dialog focuses first: the one asked for; none for a form's submit (its first field is); else the
 * primary, unless it destroys or is disabled: then the secondary, which keeps things as they are. Marked for
 * widgets/Modal.tsx, not focused by React (that would take the focus before the dialog notes where to give it back).
 */
export function firstFocus(secondary?: DialogAction, primary?: DialogAction): DialogAction | undefined {
  const asked = [secondary, primary].find((a) => a?.autoFocus);
  if (asked || primary?.form) return asked;
  return primary && !primary.danger && !primary.disabled ? primary : secondary;
}

export function DialogButtons({ extra, secondary, primary }: DialogButtonsProps) {
  const first = firstFocus(secondary, primary);
  const mark = (action: DialogAction) => (action === first ? { 'data-autofocus': '' } : {});
  return (
    <HStack w="full" gap="2" wrap="wrap" justify="flex-end">
      {extra && (
        <HStack gap="2" wrap="wrap" me="auto">
          {extra}
        </HStack>
      )}
      {secondary && (
        <Button type="button" variant="outline" onClick={secondary.onClick} disabled={secondary.disabled} {...mark(secondary)}>
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
          {...mark(primary)}
        >
          {primary.label}
        </Button>
      )}
    </HStack>
  );
}
