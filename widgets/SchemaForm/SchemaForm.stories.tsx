import type { Meta, StoryObj } from '@storybook/react-vite';
import { MemoryRouter } from 'react-router-dom';
import { SubHeader } from '../SubHeader';
import { FormHarness } from './fixtures/FormHarness';
import { categoriaEntity, ejemploEntity, ejemploRecord } from './fixtures/entities';

const meta = {
  title: 'Widgets/SchemaForm',
  component: FormHarness,
  args: { entity: categoriaEntity },
} satisfies Meta<typeof FormHarness>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The category master (schemas/categoria), empty: a new record. */
export const Categoria: Story = {};

/** Every field kind: text, email, integer, decimals, checkbox, checkboxes, date, remote and local select, a conditional required (Es empresa -> CUIT), textarea, an unknown widget and a child table. */
export const AllFields: Story = { args: { entity: ejemploEntity, formData: ejemploRecord } };

/** The same record in show mode: read-only, no add / remove. */
export const ShowMode: Story = { args: { entity: ejemploEntity, formData: ejemploRecord, readOnly: true } };

/** Field errors of a 4xx reply land on their fields, one message each (maxLength wins over required). */
export const ServerErrors: Story = {
  args: {
    formData: { tipo: 'perfil_tipo', nombre: 'Clientes' },
    serverErrors: [
      { field: 'nombre', code: 'required' },
      { field: 'nombre', code: 'maxLength', params: { max: 120 } },
      { field: 'orden', code: 'between', params: { min: 0, max: 100000 } },
    ],
  },
};

/** A field with help (ui:description) and a server error: both show under it, and both describe its input. */
export const HelpAndError: Story = {
  args: {
    entity: { ...categoriaEntity, ui: { ...categoriaEntity.ui, nombre: { 'ui:description': 'Como se verá en las listas.' } } },
    formData: { tipo: 'perfil_tipo', nombre: 'Clientes' },
    serverErrors: [{ field: 'nombre', code: 'unique' }],
  },
};

/** The form submitted by the SubHeader's save button, outside the form (`saveFormId` = `formId`). */
export const WithSubHeader: Story = {
  args: { formId: 'categoria-form' },
  decorators: [
    (Story) => (
      <MemoryRouter>
        <SubHeader title="Categoría" saveFormId="categoria-form" />
        <Story />
      </MemoryRouter>
    ),
  ],
};
