import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { fn } from 'storybook/test';
import { FlowToolbar, type FlowToolbarProps } from './FlowToolbar';

const meta = {
  title: 'Widgets/FlowDesigner/FlowToolbar',
  component: FlowToolbar,
  decorators: [(Story) => <Box p="4"><Story /></Box>],
  args: {
    onAdd: fn() as FlowToolbarProps['onAdd'],
    onUndo: fn() as () => void,
    onRedo: fn() as () => void,
    onLayout: fn() as () => void,
    canUndo: true,
    canRedo: false,
  },
} satisfies Meta<typeof FlowToolbar>;
export default meta;
type Story = StoryObj<typeof meta>;

/** After an edit: undo offered, nothing to redo. */
export const Default: Story = {};

/** A fresh flow: nothing to undo or redo. */
export const Fresh: Story = { args: { canUndo: false } };
