import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ConfirmDialog } from './ConfirmDialog';

const meta = {
  title: 'Widgets/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Cambios sin guardar',
    children: 'Hay cambios sin guardar. ¿Salir sin guardarlos?',
    secondary: { label: 'Salir sin guardar', onClick: fn() },
    primary: { label: 'Seguir editando', onClick: fn(), autoFocus: true },
  },
} satisfies Meta<typeof ConfirmDialog>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Keeping what was typed is the focused answer; Escape leaves as the secondary does unless told otherwise. */
export const LeaveWithoutSaving: Story = {};

/** A step the user cannot take back: its own name in red, cancelling focused. */
export const Danger: Story = {
  args: {
    title: '¿Liberar el registro?',
    children: 'Deja de estar a su cargo y otro responsable de la actividad puede tomarlo.',
    secondary: { label: 'Cancelar', onClick: fn(), autoFocus: true },
    primary: { label: 'Liberar', onClick: fn(), danger: true },
  },
};
