import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMachine } from '@xstate/react';
import { Stack } from '@chakra-ui/react';
import { draftOf, priceDraft } from '../engine/records/draft';
import { itemsGridMachine } from '../machines/itemsGrid';
import { ItemsGrid } from './ItemsGrid';
import { TotalsPanel } from './TotalsPanel';
import { sampleArticle, sampleArticleOptions } from './fixtures/articles';

const LABELS = {
  article: 'Artículo', cantidad: 'Cantidad', ajuste: 'Ajuste %', precio_unitario: 'Precio unitario', largo: 'Largo', ancho: 'Ancho', alto: 'Alto',
  alicuota: 'IVA %', subtotal: 'Subtotal', impuesto: 'IVA', total: 'Total',
};
const PRICING = { usesLists: true, list: 'Minorista', date: '2026-11-20' };

function Harness({ items, readOnly, showDimensions, errors }: { items: Record<string, unknown>[]; readOnly?: boolean; showDimensions?: boolean; errors?: Record<string, string> }) {
  const [snapshot, send] = useMachine(itemsGridMachine, { input: { rows: draftOf(items, ',') } });
  const { rows, active, focusSeq, point } = snapshot.context;
  const pricing = priceDraft(rows, sampleArticle, PRICING, point);
  return (
    <Stack gap="3">
      <ItemsGrid
        rows={rows}
        lines={pricing.lines}
        active={active}
        focusSeq={focusSeq}
        send={send}
        articleSource={sampleArticleOptions}
        articleListKey="story-articles"
        readOnly={readOnly}
        showDimensions={showDimensions}
        errors={errors}
        label="Ítems"
        labels={LABELS}
      />
      <TotalsPanel totals={pricing.totals} provisional />
    </Stack>
  );
}

const meta = {
  title: 'Widgets/ItemsGrid',
  component: Harness,
  args: {
    items: [
      { id: 1, articulo: 1, cantidad: 2 },
      { id: 2, articulo: 3, cantidad: 2.5, precio_unitario: 0.41, ajuste: -10 },
    ],
  },
} satisfies Meta<typeof Harness>;
export default meta;
type Story = StoryObj<typeof meta>;

export const Editing: Story = {};
export const NewRecord: Story = { args: { items: [] } };
export const Shown: Story = {
  args: { readOnly: true, items: [...meta.args.items, { id: 4, articulo: 1, cantidad: 1200, precio_unitario: 18000 }] },
};
export const MadeToMeasure: Story = { args: { showDimensions: true, items: [{ id: 3, articulo: 4, cantidad: 2, largo: 1.25, ancho: 0.8, precio_unitario: 50 }] } };
/** A negative quantity: said at its cell, its line left out of the totals. */
export const WrongNumber: Story = {
  args: { items: [{ id: 6, articulo: 1, cantidad: -2 }, ...meta.args.items.slice(1)] },
};
export const WithErrors: Story = {
  args: { items: [{ id: 5, articulo: 4, cantidad: 0 }], errors: { '0.cantidad': 'Debe ser mayor que 0' } },
};
