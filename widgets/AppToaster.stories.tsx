import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@chakra-ui/react';
import { fn } from 'storybook/test';
import { showError, showNewVersion, showSuccess, showUnknownError } from './toaster';

/** `<AppToaster/>` is already rendered by UiProvider (the preview's decorator); each story opens one toast. */
interface ToastDemoProps {
  label: string;
  open: () => void;
}

function ToastDemo({ label, open }: ToastDemoProps) {
  return (
    <Button m="4" onClick={open}>
      {label}
    </Button>
  );
}

const meta = {
  title: 'Widgets/Toasts',
  component: ToastDemo,
} satisfies Meta<typeof ToastDemo>;
export default meta;
type Story = StoryObj<typeof meta>;

export const ErrorToast: Story = {
  args: { label: 'showError', open: () => showError('No se pudo guardar el registro') },
};

export const SuccessToast: Story = {
  args: { label: 'showSuccess', open: () => showSuccess('Registro guardado') },
};

const onReport = fn();
export const UnknownError: Story = {
  args: { label: 'showUnknownError', open: () => showUnknownError({ onReport }) },
};

const onRefresh = fn();
export const NewVersion: Story = {
  args: { label: 'showNewVersion', open: () => showNewVersion({ onRefresh }) },
};
