import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button } from '@chakra-ui/react';
import { RequireRole } from './RequireRole';

const meta = {
  title: 'Widgets/RequireRole',
  component: RequireRole,
  args: { children: <Button m="4">Solo administradores</Button> },
} satisfies Meta<typeof RequireRole>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Admitted: Story = { args: { roles: ['role_admin'], role: 'ROLE_ADMIN' } };
export const Refused: Story = { args: { roles: ['ROLE_USER'], role: 'ROLE_ADMIN' } };
export const AnyOfAdmitted: Story = { args: { roles: ['ROLE_ROOT'], anyOf: ['ROLE_ADMIN', 'ROLE_ROOT'] } };
export const AnyOfRefused: Story = { args: { roles: ['ROLE_USER'], anyOf: ['ROLE_ADMIN', 'ROLE_ROOT'] } };
