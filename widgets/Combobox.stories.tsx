import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Code } from '@chakra-ui/react';
import { Combobox, type ComboboxProps } from './Combobox';
import { fixtureOptions } from './SchemaForm/fixtures/options';
import type { OptionId } from './SchemaForm/selectOptions';

/** Story harness: a Combobox that keeps the picked id, printed below. */
function Picker(props: Omit<ComboboxProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState<OptionId | null>(null);
  return (
    <Box p="4" maxW="sm">
      <Combobox {...props} value={value} onChange={setValue} />
      <Code data-testid="combobox-value">{JSON.stringify(value)}</Code>
    </Box>
  );
}

const meta = {
  title: 'Widgets/Combobox',
  component: Picker,
  args: { id: 'categoria', ariaLabel: 'Categoría', listKey: 'categoria', source: (q) => fixtureOptions('categoria', q) },
} satisfies Meta<typeof Picker>;
export default meta;
type Story = StoryObj<typeof meta>;

/** 35 remote categories (story fixture), 10 at a time: the arrow keys reach them all, the list follows. */
export const Remote: Story = {};

/** With a blank entry first (not while a text is typed). */
export const AllowNull: Story = { args: { allowNull: true } };
