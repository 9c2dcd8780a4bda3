import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, Text } from '@chakra-ui/react';
import { fn } from 'storybook/test';
import { Modal, type ModalProps } from './Modal';

/** Opens on load; closing hides it and a button opens it again. */
function LiveModal(props: ModalProps) {
  const [open, setOpen] = useState(props.open);
  return (
    <Box p="4">
      <Button onClick={() => setOpen(true)}>Abrir</Button>
      <Modal
        {...props}
        open={open}
        onClose={() => {
          setOpen(false);
          props.onClose();
        }}
      />
    </Box>
  );
}

const longText = Array.from({ length: 40 }, (_, i) => <Text key={i} mb="2">Párrafo {i + 1} del contenido, que se desplaza dentro del cuerpo.</Text>);

const meta = {
  title: 'Widgets/Modal',
  component: Modal,
  args: { open: true, onClose: fn() as () => void, title: 'Detalle del registro', children: <Text>Contenido del diálogo.</Text> },
  render: (args) => <LiveModal {...args} />,
} satisfies Meta<typeof Modal>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Persistent: a backdrop click does not close it; Escape and the close button do. */
export const Normal: Story = {};

/** Long content scrolls inside a body of at most 70vh. */
export const LongContent: Story = { args: { children: longText, footer: <Button>Aceptar</Button> } };

/** A dark header colour: white text. */
export const DarkHeader: Story = { args: { headerColor: '#1d4078' } };

/** A light header colour: dark text. */
export const LightHeader: Story = { args: { headerColor: '#ffe08a' } };

/** Not persistent: the backdrop and Escape close it too. */
export const Dismissable: Story = { args: { persistent: false } };

/** A form in it: the first field has the focus when it opens. */
export const WithForm: Story = {
  args: {
    children: (
      <Box as="form">
        <label>
          Nombre <input name="nombre" />
        </label>
      </Box>
    ),
  },
};

/** Opened maximized. */
export const Maximized: Story = { args: { defaultMaximized: true } };
