import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MessagePage } from './MessagePage';

const meta = {
  title: 'Widgets/MessagePage',
  component: MessagePage,
} satisfies Meta<typeof MessagePage>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotAvailableYet: Story = {
  args: { title: 'Próximamente', text: 'Esta pantalla todavía no está disponible.' },
};

export const ErrorPage: Story = {
  args: {
    title: 'Página no encontrada',
    text: 'La dirección no existe o no tiene permiso para verla.',
    actionLabel: 'Ir al inicio',
    onAction: fn(),
  },
};
