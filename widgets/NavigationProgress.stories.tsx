import type { Meta, StoryObj } from '@storybook/react-vite';
import { NavigationProgress } from './NavigationProgress';

const meta = {
  title: 'Widgets/NavigationProgress',
  component: NavigationProgress,
} satisfies Meta<typeof NavigationProgress>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Active: Story = { args: { active: true } };
export const Idle: Story = { args: { active: false } };
