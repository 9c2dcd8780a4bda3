/**
 * A question before a step: its title, what it means (text, or a body of its own), and two answers in the one order
 * of every dialog (./DialogButtons.tsx). Escape and the close button answer as `secondary` does, unless `onClose`
 * says otherwise. Nothing is rendered while closed. Texts come translated.
 */
import type { ReactNode } from 'react';
import { Text } from '@chakra-ui/react';
import { DialogButtons, type DialogAction } from './DialogButtons';
import { Modal } from './Modal';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** A sentence, or the dialog's own body. */
  children: ReactNode;
  secondary: DialogAction & { onClick: () => void };
  primary: DialogAction;
  /** Escape and the close button; the secondary answer by default. */
  onClose?: () => void;
}

export function ConfirmDialog({ open, title, children, secondary, primary, onClose }: ConfirmDialogProps) {
  if (!open) return null;
  return (
    <Modal open onClose={onClose ?? secondary.onClick} title={title} footer={<DialogButtons secondary={secondary} primary={primary} />}>
      {typeof children === 'string' ? <Text>{children}</Text> : children}
    </Modal>
  );
}
