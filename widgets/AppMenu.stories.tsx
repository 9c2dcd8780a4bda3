import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { fn } from 'storybook/test';
import { AppMenu } from './AppMenu';
import { sampleMenu } from './fixtures/sampleMenu';

const meta = {
  title: 'Widgets/AppMenu',
  component: AppMenu,
  decorators: [(Story) => <Box maxW="64" borderEndWidth="1px" minH="sm"><Story /></Box>],
  args: { items: sampleMenu, currentPath: '/planning', onNavigate: fn() },
} satisfies Meta<typeof AppMenu>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** The current page is inside a group: the group starts open. */
export const InsideGroup: Story = { args: { currentPath: '/backOffice/stock' } };

export const Empty: Story = { args: { items: [] } };
