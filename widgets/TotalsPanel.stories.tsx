import type { Meta, StoryObj } from '@storybook/react-vite';
import { TotalsPanel } from './TotalsPanel';

const meta = {
  title: 'Widgets/TotalsPanel',
  component: TotalsPanel,
  args: { totals: { subtotal: 10.93, total: 12.19, impuestos: [{ alicuota: 10.5, base: 9.9, importe: 1.04 }, { alicuota: 21, base: 1.03, importe: 0.22 }] } },
} satisfies Meta<typeof TotalsPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Stored: Story = {};
export const WhileTyping: Story = { args: { provisional: true } };
export const Empty: Story = { args: { totals: { subtotal: 0, total: 0, impuestos: [] } } };
/** Exact decimal texts, as the record form computes them, and a line left out for a wrong number. */
export const HugeWithLineLeftOut: Story = {
  args: { provisional: true, totals: { subtotal: '999999999990000000.01', total: '1209999999987900000.01', impuestos: [{ alicuota: 21, base: '999999999990000000.00', importe: '209999999997900000.00' }], uncounted: 1 } },
};
