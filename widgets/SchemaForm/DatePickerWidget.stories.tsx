import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './fixtures/FormHarness';
import { oneFieldEntity } from './fixtures/entities';

const dateField = (options: Record<string, unknown> = {}, required = false) =>
  oneFieldEntity('fecha', { type: 'string' }, { 'ui:widget': 'date', 'ui:options': options }, required);

const meta = {
  title: 'Widgets/SchemaForm/DatePicker',
  component: FormHarness,
  args: { entity: dateField({}, true) },
} satisfies Meta<typeof FormHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Empty: today's date shows as the placeholder and the calendar's focused day; no value is set. Type 29022024. */
export const Empty: Story = {};

/** A stored value, written 'YYYY-MM-DD HH:mm:ss'. */
export const WithValue: Story = { args: { formData: { fecha: '2024-02-29 00:00:00' } } };

/** autoSelect: an empty value becomes today. */
export const AutoSelect: Story = { args: { entity: dateField({ autoSelect: true }) } };

/** Another emitted format through `ui:options.format`. */
export const CustomFormat: Story = { args: { entity: dateField({ format: 'DD.MM.YYYY' }), formData: { fecha: '01.03.2024' } } };
