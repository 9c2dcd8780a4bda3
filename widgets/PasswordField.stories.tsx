import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { FormField } from './FormField';
import { PasswordField } from './PasswordField';

const meta = {
  title: 'Widgets/PasswordField',
  component: PasswordField,
  decorators: [
    (Story) => (
      <Box p="4" maxW="sm">
        <FormField label="Contraseña">
          <Story />
        </FormField>
      </Box>
    ),
  ],
  args: { name: 'password', defaultValue: 'S3creta!' },
} satisfies Meta<typeof PasswordField>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Hidden: Story = {};
export const Visible: Story = { args: { defaultVisible: true } };
