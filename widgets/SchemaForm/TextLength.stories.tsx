import type { Meta, StoryObj } from '@storybook/react-vite';
import { FormHarness } from './fixtures/FormHarness';
import { oneFieldEntity } from './fixtures/entities';

const notes = oneFieldEntity('notas', { type: 'string', maxLength: 2000 }, { 'ui:widget': 'textarea' });

const meta = {
  title: 'Widgets/SchemaForm/TextLength',
  component: FormHarness,
  args: { entity: notes },
} satisfies Meta<typeof FormHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** A textarea of at most 2000 characters: paste 2100 and it keeps them, says they are too many and counts them. */
export const Notes: Story = {};

/** Near the limit (1950 of 2000): the counter shows. */
export const NearTheLimit: Story = { args: { formData: { notas: 'x'.repeat(1950) } } };

/** A one-line text of at most 20 characters: a short limit counts only once it is passed. */
export const ShortText: Story = { args: { entity: oneFieldEntity('nombre', { type: 'string', maxLength: 20 }) } };
