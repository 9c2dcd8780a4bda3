import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './fixtures/FormHarness';
import { oneFieldEntity } from './fixtures/entities';

const remote = (options: Record<string, unknown>, required = false) =>
  oneFieldEntity('categoria', { type: ['integer', 'null'] }, { 'ui:widget': 'select', 'ui:options': { list: 'categoria', ...options } }, required);

const meta = {
  title: 'Widgets/SchemaForm/Select',
  component: FormHarness,
  args: { entity: remote({ allowNull: true }) },
} satisfies Meta<typeof FormHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** Remote options from `categoria/select` (story fixture: 35 categories), 10 at a time, with a blank first entry. */
export const AllowNull: Story = {};

/** A value loaded with the record: its text is asked for with an `id` filter. */
export const WithValue: Story = { args: { formData: { categoria: 12 } } };

/** Only the ids of the local list are offered. */
export const RestrictedIds: Story = { args: { entity: remote({ ids: [2, 5, 9, 30] }) } };

/** Required, no blank entry. */
export const Required: Story = { args: { entity: remote({}, true) } };

/** Without `list`, the schema's enum is offered the same way. */
export const LocalEnum: Story = {
  args: { entity: oneFieldEntity('tipo', { type: 'string', enum: ['A', 'B', 'C'] }, { 'ui:widget': 'select' }) },
};

/** An enum that admits null (a report's date interval): the blank entry is its null, not an option "null". */
export const NullableEnum: Story = {
  args: { entity: oneFieldEntity('tipo', { type: ['string', 'null'], enum: ['A', 'B', null] }, { 'ui:widget': 'select' }) },
};
