import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Input, Link, Stack } from '@chakra-ui/react';
import { AuthCard } from './AuthCard';
import { FormField } from './FormField';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Widgets/AuthCard',
  component: AuthCard,
} satisfies Meta<typeof AuthCard>;
export default meta;
type Story = StoryObj<typeof meta>;

export const LoginLike: Story = {
  args: {
    title: 'Ingresar',
    children: (
      <Stack as="form" gap="4" onSubmit={(e) => e.preventDefault()}>
        <FormField label="Usuario" required>
          <Input name="username" autoComplete="username" />
        </FormField>
        <FormField label="Contraseña" required>
          <PasswordField name="password" />
        </FormField>
        <Button type="submit" colorPalette="brand" width="full">
          Ingresar
        </Button>
      </Stack>
    ),
    footer: <Link href="#/auth/forgotPassword">¿Olvidó su contraseña?</Link>,
  },
};
