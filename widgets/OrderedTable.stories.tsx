import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box } from '@chakra-ui/react';
import { fn } from 'storybook/test';
import { OrderedTable, type OrderedTableProps, type OrderedTableRow } from './OrderedTable';
import { LoadFailed } from './LoadFailed';

const ROWS: OrderedTableRow[] = [
  { id: 1, name: 'Solicitud de compra', cells: ['10', 'COM-01', 'Solicitud de compra'] },
  { id: 2, name: 'Aprobación de la solicitud', cells: ['20', 'COM-02', 'Aprobación de la solicitud'] },
  { id: 3, name: 'Orden de compra', cells: ['30', 'COM-03', 'Orden de compra'] },
];

/** The table over rows it moves itself (the screen writes the moves to the server). */
function Demo(props: Omit<OrderedTableProps, 'onMove'>) {
  const [rows, setRows] = useState(props.rows);
  const move = (id: OrderedTableRow['id'], delta: number) =>
    setRows((r) => {
      if (!r) return r;
      const next = [...r];
      const i = next.findIndex((x) => x.id === id);
      next.splice(i + delta, 0, ...next.splice(i, 1));
      return next;
    });
  return (
    <Box p="4" maxW="720px">
      <OrderedTable {...props} rows={rows} onMove={move} />
    </Box>
  );
}

const meta = {
  title: 'Widgets/OrderedTable',
  component: Demo,
  args: {
    title: 'Actividades del proceso',
    columns: ['Orden', 'Codificación', 'Título'],
    rows: ROWS,
    onAdd: fn() as OrderedTableProps['onAdd'],
    onEdit: fn() as OrderedTableProps['onEdit'],
    onDuplicate: fn() as OrderedTableProps['onDuplicate'],
    onRemove: fn() as OrderedTableProps['onRemove'],
  },
} satisfies Meta<typeof Demo>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Three rows: move, edit, duplicate, remove. */
export const Default: Story = {};

/** Loading. */
export const Loading: Story = { args: { rows: null } };

/** No rows yet. */
export const Empty: Story = { args: { rows: [], emptyText: 'Este proceso todavía no tiene actividades.' } };

/** The rows could not be read: said, with a retry, not the empty text. */
export const Failed: Story = { args: { rows: null, emptyText: 'Este proceso todavía no tiene actividades.', failed: <LoadFailed onRetry={fn()} /> } };

/** A write under way: the buttons wait. */
export const Busy: Story = { args: { busy: true } };
