import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Box, Code } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DayInput } from './DayInput';
import { FormField } from './FormField';

/** Story harness: a caller as the screens are, holding the value (printed below) and naming it wrong when told. */
function Caller({ initial, label }: { initial: string; label: string }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [named, setNamed] = useState(false);
  return (
    <Box p="4" maxW="xs">
      <FormField label={label} error={named ? t('validation.date') : undefined}>
        <DayInput
          value={value}
          onChange={(v, wrong) => {
            setValue(v);
            setNamed(wrong);
          }}
        />
      </FormField>
      <Code data-testid="day-value">{JSON.stringify(value)}</Code>
    </Box>
  );
}

const meta = {
  title: 'Widgets/DayInput',
  component: Caller,
  args: { label: 'Inicio', initial: '' },
} satisfies Meta<typeof Caller>;
export default meta;
type Story = StoryObj<typeof meta>;

/** No day: the field shows the format as its placeholder. */
export const Empty: Story = {};
/** A day, written as people read it (its value stays 'YYYY-MM-DD'). */
export const WithDay: Story = { args: { initial: '2026-03-10' } };
/** A text typed that is no day, given back as it was: it stays; leave the field to see it named. */
export const TypedWrong: Story = { args: { initial: '31/02/2026' } };
