import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './fixtures/FormHarness';
import { oneFieldEntity } from './fixtures/entities';

const dias = (limits: Record<string, number>, required = false) =>
  oneFieldEntity(
    'dias',
    { type: 'array', items: { type: 'string', enum: ['lun', 'mar', 'mie', 'jue', 'vie'] }, uniqueItems: true, ...limits },
    { 'ui:widget': 'checkboxes' },
    required,
  );

const meta = {
  title: 'Widgets/SchemaForm/Checkbox',
  component: FormHarness,
  args: { entity: oneFieldEntity('activo', { type: 'boolean' }) },
} satisfies Meta<typeof FormHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A yes / no field. */
export const Single: Story = {};

/** A box that must be ticked (`const: true`): unticked reads as required. */
export const MustBeTicked: Story = { args: { entity: oneFieldEntity('acepta', { type: 'boolean', const: true }, {}, true) } };

/** Several choices, between 1 and 3 of them. */
export const Multiple: Story = { args: { entity: dias({ minItems: 1, maxItems: 3 }, true), formData: { dias: ['lun'] } } };
