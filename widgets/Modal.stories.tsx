import { useEffect, useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Button, Text } from '@chakra-ui/react';
import { fn } from 'storybook/test';
import { Modal, type ModalProps } from './Modal';
import { DialogButtons } from './DialogButtons';

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

/** A form read after the dialog opened (its record): the first field gets the focus once it is there. */
function LateForm() {
  const [read, setRead] = useState(false);
  useEffect(() => {
    const reading = setTimeout(() => setRead(true), 300);
    return () => clearTimeout(reading);
  }, []);
  return read ? (
    <Box as="form">
      <label>
        Nombre <input name="nombre" />
      </label>
    </Box>
  ) : (
    <Text>Cargando…</Text>
  );
}
export const FormReadLate: Story = { args: { children: <LateForm /> } };

/** A question whose primary destroys: the focus starts on the button that keeps things as they are. */
export const ConfirmDelete: Story = {
  args: {
    title: '¿Borrar estos registros?',
    children: <Text>Se borrarán 3 registros.</Text>,
    footer: <DialogButtons secondary={{ label: 'Cancelar' }} primary={{ label: 'Borrar', danger: true }} />,
  },
};

/** The unsaved-changes question: staying is the safe answer, and it is the primary. */
export const ConfirmLeave: Story = {
  args: {
    title: 'Cambios sin guardar',
    children: <Text>Hay cambios sin guardar.</Text>,
    footer: <DialogButtons secondary={{ label: 'Salir sin guardar' }} primary={{ label: 'Seguir editando', autoFocus: true }} />,
  },
};

/** A notice with nothing at risk: the focus starts on its primary. */
export const Notice: Story = {
  args: { title: 'Secreto de firma', children: <Text>Cópielo ahora.</Text>, footer: <DialogButtons primary={{ label: 'Listo' }} /> },
};

/** Opened maximized. */
export const Maximized: Story = { args: { defaultMaximized: true } };
