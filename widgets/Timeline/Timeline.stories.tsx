import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { Box } from '@chakra-ui/react';
import { addDays } from '../../engine/planning/days';
import { Timeline, type NewDates, type TimelineItem, type TimelineProps } from './Timeline';

const TODAY = '2026-03-04';

const bar = (id: string, label: string, start: string, days: number, extra: Partial<TimelineItem> = {}): TimelineItem => ({
  id,
  kind: 'item',
  label,
  start,
  end: addDays(start, days - 1),
  barLabel: `${label}: ${start} – ${addDays(start, days - 1)}${extra.critical ? ', crítica' : ''}`,
  tone: 'todo',
  ...extra,
});

/** Two jobs, each a group of steps; the first job's chain is critical, one step started, one finished. */
const SAMPLE: TimelineItem[] = [
  { id: 'g1', kind: 'group', label: 'OT-0012 · Instalación', detail: 'Servicio técnico', start: '2026-03-02', end: '2026-03-09', barLabel: '' },
  bar('a', 'Medir', '2026-03-02', 2, { critical: true, tone: 'done', lockedStart: true, lockedEnd: true }),
  bar('b', 'Instalar', '2026-03-04', 3, { critical: true, tone: 'doing', lockedStart: true }),
  bar('c', 'Probar', '2026-03-07', 1, { critical: true }),
  bar('d', 'Limpiar', '2026-03-02', 1),
  { id: 'g2', kind: 'group', label: 'OT-0013 · Instalación', start: '2026-03-05', end: '2026-03-10', barLabel: '' },
  bar('e', 'Medir', '2026-03-05', 2, { critical: true }),
  bar('f', 'Instalar', '2026-03-07', 4, { critical: true }),
];

/** Many rows: 100 groups of 20 bars (2,000 bars), spread over three months. */
function manyItems(groups = 100, each = 20): TimelineItem[] {
  const out: TimelineItem[] = [];
  for (let g = 0; g < groups; g++) {
    out.push({ id: `g${g}`, kind: 'group', label: `OT-${String(g + 1).padStart(4, '0')}`, start: addDays('2026-02-01', g % 60), end: addDays('2026-02-01', (g % 60) + each), barLabel: '' });
    for (let i = 0; i < each; i++) out.push(bar(`g${g}-${i}`, `Paso ${i + 1}`, addDays('2026-02-01', (g % 60) + i), 1 + (i % 3), { critical: i % 4 === 0 }));
  }
  return out;
}

/** Applies the proposed dates, as a screen would once the server agreed. */
function Live(props: TimelineProps) {
  const [items, setItems] = useState(props.items);
  const move = (item: TimelineItem, dates: NewDates) => {
    props.onReschedule?.(item, dates);
    setItems((all) => all.map((i) => (i.id === item.id ? { ...i, ...dates } : i)));
  };
  return (
    <Box p="4">
      <Timeline {...props} items={items} onReschedule={move} />
    </Box>
  );
}

const meta = {
  title: 'Widgets/Timeline',
  component: Timeline,
  render: (args) => <Live {...args} />,
  args: {
    items: SAMPLE,
    zoom: 'day',
    today: TODAY,
    label: 'Planificación',
    labelHeader: 'Registro / tarea',
    keyboardHint: 'Flechas: mover un día. Mayúscula y flechas: cambiar el fin.',
    touchHint: 'Toque una tarea para ver sus fechas; los botones ‹ › la mueven un día, o solo su fin. Una vez elegida, también puede arrastrarla.',
    height: '420px',
    onReschedule: fn() as TimelineProps['onReschedule'],
  },
} satisfies Meta<typeof Timeline>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Day zoom: labels inside the bars; finished and started steps cannot be moved (the started one can be stretched). */
export const Default: Story = {};

/** Week zoom. */
export const Weeks: Story = { args: { zoom: 'week' } };

/** Month zoom. */
export const Months: Story = { args: { zoom: 'month' } };

/**
 * On a phone. Where the main pointer is a finger (a phone, or the browser's device mode) rows are taller, the hint
 * says what to do by touch, and a tap on a bar shows its moves as buttons.
 */
export const Phone: Story = { globals: { viewport: { value: 'phone', isRotated: false } } };

/** 2,000 bars: only the rows in view are drawn. */
export const TwoThousand: Story = { args: { items: manyItems(), zoom: 'week' } };

/** Read-only: without onReschedule no bar moves. */
export const ReadOnly: Story = { args: { onReschedule: undefined }, render: (args) => <Timeline {...args} /> };
