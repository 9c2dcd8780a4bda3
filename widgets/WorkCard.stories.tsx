import type { Meta, StoryObj } from '@storybook/react-vite';
import { SimpleGrid } from '@chakra-ui/react';
import { WorkCard } from './WorkCard';

const meta = {
  title: 'Widgets/WorkCard',
  component: WorkCard,
  args: { title: 'Ventas', href: '#/workspacecard?flujo=1', color: '#276749', icon: 'carrito', text: 'Pedidos de clientes, aprobación y entrega', badge: '4 actividades' },
} satisfies Meta<typeof WorkCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Flow: Story = {};

export const Group: Story = { args: { title: 'Comercial', color: '#1d4078', icon: 'carpeta', text: undefined, badge: undefined } };

export const Grid: Story = {
  render: (args) => (
    <SimpleGrid columns={{ base: 1, sm: 2, lg: 3 }} gap="3">
      <WorkCard {...args} />
      <WorkCard {...args} title="Compras" icon="camion" color="#9c4221" text="Solicitud, orden de compra y recepción" badge="5 actividades" />
      <WorkCard {...args} title="Un flujo con un nombre bastante más largo que los demás para ver el corte" icon="desconocido" color="#553c9a" />
    </SimpleGrid>
  ),
};
