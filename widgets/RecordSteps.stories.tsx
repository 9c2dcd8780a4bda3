import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { RecordSteps } from './RecordSteps';

const meta = {
  title: 'Widgets/RecordSteps',
  component: RecordSteps,
  args: { onStep: fn() },
} satisfies Meta<typeof RecordSteps>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Middle: Story = { args: { position: 3, total: 57, canPrev: true, canNext: true } };
export const First: Story = { args: { position: 1, total: 57, canPrev: false, canNext: true } };
export const Last: Story = { args: { position: 57, total: 57, canPrev: true, canNext: false } };
/** A large list whose total the server only estimated. */
export const Estimated: Story = { args: { position: 1200, total: 1000, estimated: true, canPrev: true, canNext: true } };
