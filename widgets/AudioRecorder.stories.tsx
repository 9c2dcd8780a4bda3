import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { AudioRecorder } from './AudioRecorder';

const meta = {
  title: 'Widgets/AudioRecorder',
  component: AudioRecorder,
  args: { onRecorded: fn() },
} satisfies Meta<typeof AudioRecorder>;
export default meta;
type Story = StoryObj<typeof meta>;

/** In a browser with a microphone: records until stopped; elsewhere it says why it cannot. */
export const Ready: Story = {};
export const Disabled: Story = { args: { disabled: true } };
