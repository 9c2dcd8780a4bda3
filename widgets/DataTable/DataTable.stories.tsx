import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Box } from '@chakra-ui/react';
import { resolveEntity } from '../../engine/metadata/resolve';
import type { ColumnsManifest, JsonSchema } from '../../engine/metadata/types';
import schema from '../../schemas/categoria/schema.json';
import columns from '../../schemas/categoria/columns.json';
import registroSchema from '../../schemas/registro/schema.json';
import registroColumns from '../../schemas/registro/columns.json';
import registroUi from '../../schemas/registro/ui.json';
import perfilSchema from '../../schemas/perfil/schema.json';
import perfilColumns from '../../schemas/perfil/columns.json';
import perfilUi from '../../schemas/perfil/ui.json';
import tareaSchema from '../../schemas/tarea/schema.json';
import tareaColumns from '../../schemas/tarea/columns.json';
import tareaUi from '../../schemas/tarea/ui.json';
import { DataTable } from './DataTable';
import { categoriaRows, memorySource, partyRows, taskRows, type MemorySourceOptions } from './memorySource';
import type { DataTableProps, Row, TableSource } from './types';

const categoria = resolveEntity({ name: 'categoria', schema: schema as JsonSchema, columns: columns as ColumnsManifest });
const registro = resolveEntity({ name: 'registro', schema: registroSchema as JsonSchema, columns: registroColumns as ColumnsManifest, ui: registroUi });
const perfil = resolveEntity({ name: 'perfil', schema: perfilSchema as JsonSchema, columns: perfilColumns as ColumnsManifest, ui: perfilUi });
const tarea = resolveEntity({ name: 'tarea', schema: tareaSchema as JsonSchema, columns: tareaColumns as ColumnsManifest, ui: tareaUi });


/** Records as the server lists them: a day, a client and an activity by name, amounts. */
const RECORDS = [
  { id: 1, numero: 'PED-000001', fecha: '2026-11-28', cliente: 7, referencia_texto: 'Obra Barrio Dalvian', estado: 'abierto', total: 1159785.5, actividad: 10, $labels: { cliente: 'Constructora Andina S.A.', actividad: 'Pedido de cliente' } },
  { id: 2, numero: 'PED-000002', fecha: '2026-11-03', cliente: 9, referencia_texto: 'Reparación', estado: 'cerrado', total: 1840, actividad: 10, $labels: { cliente: 'Juan Carlos Videla', actividad: 'Pedido de cliente' } },
  // stored before its state was kept: the form shows the default, "Abierto"
  { id: 3, numero: 'PED-000003', fecha: '2026-10-30', cliente: null, referencia_texto: '', estado: null, total: 0, actividad: 10, $labels: { actividad: 'Pedido de cliente' } },
];
const recordsSource: TableSource = {
  index: async () => ({ total: RECORDS.length, rows: RECORDS, showableColumns: registro.columns.map((c) => c.name), cols: null }),
  saveColumns: async () => {},
};

type HarnessProps = Omit<DataTableProps, 'source'> & MemorySourceOptions & { rowCount: number; rows?: Row[]; source?: TableSource };

/**
 * Story harness: a fresh in-memory source (fixture) per render, over generated categories or the given `rows`, so
 * stories and tests never share data.
 * A test may pass its own `source` to look at the calls.
 */
function MemoryTable({ rowCount, rows, latency, savedColumns, savedWidths, estimateOver, source: given, ...props }: HarnessProps) {
  const [source] = useState(() => given ?? memorySource(rows ?? categoriaRows(rowCount), { latency, savedColumns, savedWidths, estimateOver }));
  return (
    <Box p="4">
      <DataTable source={source} {...props} />
    </Box>
  );
}

const meta = {
  title: 'Widgets/DataTable',
  component: MemoryTable,
  args: {
    entity: categoria,
    rowCount: 250,
    userRoles: ['ROLE_ADMIN'],
    label: 'Categorías',
    onAdd: fn(),
    onEdit: fn(),
    onShow: fn(),
    onRemoved: fn(),
  },
} satisfies Meta<typeof MemoryTable>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {};

/** 100,000 rows on the server side; the table loads pages as it scrolls and keeps only the rows in view in the DOM. */
export const HundredThousandRows: Story = { args: { rowCount: 100_000 } };

/** A large list: the server estimates the total past a thousand rows; the table says "aprox." and keeps scrolling. */
export const EstimatedTotal: Story = { args: { rowCount: 3000, estimateOver: 1000 } };

export const Empty: Story = { args: { rowCount: 0 } };

/** A user without the entity's edit / remove role: only "show" and "add". */
export const ReadOnly: Story = { args: { userRoles: ['ROLE_USER'] } };

/** The user saved a column choice earlier: the first reply brings it. */
export const SavedColumns: Story = { args: { savedColumns: ['nombre', 'notas'] } };

/** The user dragged the Nombre column to 320 px and Notas to 120 px earlier (drag a title's right edge to try). */
export const SavedWidths: Story = { args: { savedColumns: ['nombre', 'tipo', 'notas'], savedWidths: { nombre: 320, notas: 120 } } };

/** Every call takes 800 ms: the loading indicator shows. */
export const SlowNetwork: Story = { args: { latency: 800 } };

/** A list of records: days as dd/mm/yyyy, amounts in the language's numbers at the right, narrow number and day columns. */
export const Records: Story = { args: { entity: registro, source: recordsSource, label: 'Registros' } };

export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };

/** Parties: rows named by their label (business name, name and surname), "Activo" edited inline as a yes / no. */
export const Parties: Story = { args: { entity: perfil, rows: partyRows(), label: 'Interesados' } };

/** Tasks: estimated days and hours edited inline as people write them (01/12/2026, "1,5" in Spanish). */
export const Tasks: Story = { args: { entity: tarea, rows: taskRows(), label: 'Tareas' } };
