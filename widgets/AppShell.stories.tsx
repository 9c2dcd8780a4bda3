import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Heading, Text } from '@chakra-ui/react';
import { fn } from 'storybook/test';
import { AppShell, type AppShellProps } from './AppShell';
import { sampleMenu, sampleUser } from './fixtures/sampleMenu';

/** The shell with navigation kept in local state, so clicking the menu moves the highlight. */
function LiveShell(props: Omit<AppShellProps, 'children'>) {
  const [path, setPath] = useState(props.currentPath);
  return (
    <AppShell
      {...props}
      currentPath={path}
      onNavigate={(p) => {
        setPath(p);
        props.onNavigate(p);
      }}
    >
      <Heading as="h1" size="lg">{path}</Heading>
      <Text mt="2">Contenido de la página.</Text>
    </AppShell>
  );
}

const meta = {
  title: 'Widgets/AppShell',
  component: AppShell,
  args: {
    user: sampleUser,
    menu: sampleMenu,
    currentPath: '/workspacedashboard',
    onNavigate: fn(),
    onLogout: fn(),
    children: null,
  },
  render: (args) => <LiveShell {...args} />,
} satisfies Meta<typeof AppShell>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {};

export const Phone: Story = {
  globals: { viewport: { value: 'phone', isRotated: false } },
};
