import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { ApiError, NETWORK_ERROR } from '../engine/api/client';
import { LoadFailed } from './LoadFailed';

const meta = {
  title: 'Widgets/LoadFailed',
  component: LoadFailed,
  args: { onRetry: fn() },
} satisfies Meta<typeof LoadFailed>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No answer from the server: its code's text. */
export const Offline: Story = {
  args: { error: new ApiError(0, 'registro/show/7', NETWORK_ERROR, '') },
};

/** A failure without a known code or message: the generic text. */
export const Unknown: Story = {
  args: { error: new ApiError(500, 'registro/show/7', undefined, '') },
};

/** What the whole page is about could not be read. */
export const Page: Story = {
  args: { title: 'No se pudo cargar', error: new ApiError(503, 'flujo/show/3', 'DATABASE_UNAVAILABLE', '') },
};
