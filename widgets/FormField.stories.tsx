import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Input } from '@chakra-ui/react';
import { FormField } from './FormField';

const meta = {
  title: 'Widgets/FormField',
  component: FormField,
  decorators: [(Story) => <Box p="4" maxW="sm"><Story /></Box>],
  args: { label: 'Correo electrónico', children: <Input name="email" type="email" /> },
} satisfies Meta<typeof FormField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = { args: { helperText: 'Le enviaremos un enlace de recuperación.' } };
export const Required: Story = { args: { required: true } };
export const WithError: Story = { args: { required: true, error: 'El campo es obligatorio' } };
