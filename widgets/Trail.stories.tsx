import type { Decorator, Meta, StoryObj } from '@storybook/react-vite';
import { Box, Code } from '@chakra-ui/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Trail } from './Trail';

/** Prints where the router is and the state it was given, so a step's link shows its effect. */
function Where() {
  const location = useLocation();
  return <Code data-testid="location">{`${location.pathname}${location.search} ${JSON.stringify(location.state ?? null)}`}</Code>;
}

const withRouter: Decorator = (Story) => (
  <MemoryRouter initialEntries={['/backOffice/stock/7/show']}>
    <Routes>
      <Route
        path="*"
        element={
          <Box p="4">
            <Story />
            <Where />
          </Box>
        }
      />
    </Routes>
  </MemoryRouter>
);

const meta = {
  title: 'Widgets/Trail',
  component: Trail,
  decorators: [withRouter],
} satisfies Meta<typeof Trail>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A record's form: menu group › list (its search kept) › the record. */
export const RecordForm: Story = {
  args: {
    steps: [
      { label: 'Administración', to: '/backOffice' },
      { label: 'Artículos y stock', to: '/backOffice/stock', state: { listView: { pattern: 'martillo', filters: {}, sort: 'nombre', sortOrder: 'asc' } } },
      { label: 'Martillo de carpintero' },
    ],
  },
};

/** Long names on a phone: one line, each step cut with an ellipsis, the whole name in its tooltip. */
export const LongOnPhone: Story = {
  args: {
    steps: [
      { label: 'Administración', to: '/backOffice' },
      { label: 'Interesados (clientes, proveedores y empleados)', to: '/backOffice/profile' },
      { label: 'Distribuidora de Materiales de Construcción del Litoral Sociedad Anónima' },
    ],
  },
  decorators: [(Story) => <Box maxW="343px">{Story()}</Box>],
};
