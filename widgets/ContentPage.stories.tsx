import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, Text } from '@chakra-ui/react';
import { ContentPage } from './ContentPage';

const paragraphs = Array.from({ length: 60 }, (_, i) => <Text key={i} mb="2">Línea {i + 1} del contenido de la página.</Text>);

const meta = {
  title: 'Widgets/ContentPage',
  component: ContentPage,
  args: { title: 'Configuración', children: paragraphs, height: '24rem' },
  decorators: [(Story) => <Box p="4"><Story /></Box>],
} satisfies Meta<typeof ContentPage>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The title stays, the lines scroll. */
export const WithTitle: Story = {};

/** With actions beside the title. */
export const WithActions: Story = { args: { actions: <Button size="sm">Nuevo</Button> } };

/** No title: all of it scrolls. */
export const NoTitle: Story = { args: { title: undefined } };
