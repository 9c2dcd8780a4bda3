import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, Stack } from '@chakra-ui/react';
import { TaskCard } from './TaskCard';

const meta = {
  title: 'Widgets/TaskCard',
  component: TaskCard,
  decorators: [
    (Story) => (
      <Box p="4" maxW="720px">
        <Story />
      </Box>
    ),
  ],
  args: {
    title: 'Medir el lugar de instalación',
    href: '#/somewhere/12',
    hrefLabel: 'Abrir la tarea Medir el lugar de instalación',
    context: 'OT-000012 · Instalación · Instalación de termotanque',
    stateLabel: 'No iniciada',
    tone: 'todo',
    facts: ['Inicio estimado: 02/03/2026', 'Fin estimado: 03/03/2026', '4 h asignadas'],
    actions: <Button size="sm">Iniciar</Button>,
  },
} satisfies Meta<typeof TaskCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const NotStarted: Story = {};

export const StartedAndCritical: Story = {
  args: { stateLabel: 'Iniciada', tone: 'doing', criticalLabel: 'Crítica', actions: <Button size="sm">Finalizar</Button> },
};

export const Overdue: Story = { args: { overdueLabel: 'Vencida', criticalLabel: 'Crítica' } };

export const Finished: Story = { args: { stateLabel: 'Finalizada', tone: 'done', actions: undefined, href: undefined } };

/** A list of cards, as the task area shows them. */
export const List: Story = {
  render: (args) => (
    <Stack gap="3">
      <TaskCard {...args} overdueLabel="Vencida" />
      <TaskCard {...args} title="Instalar el equipo" stateLabel="Iniciada" tone="doing" criticalLabel="Crítica" />
      <TaskCard {...args} title="Limpiar" stateLabel="Finalizada" tone="done" actions={undefined} />
    </Stack>
  ),
};
