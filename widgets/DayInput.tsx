/**
 * A day typed as dd/mm/yyyy or picked in the calendar outside a schema form (a task's estimated dates, a
 * report's date parameter): the form's date widget itself, so every day in the app reads and is typed the same
 * way, whatever the browser's language (a native date input wrote 11/29/2026 in an English browser). The value
 * is 'YYYY-MM-DD', '' for none. Inside a FormField it takes the field's label. A text typed that is no day stays
 * in the field and, once left (or typed in full), says so below it; the caller hears of days only.
 */
import { useState } from 'react';
import { Text } from '@chakra-ui/react';
import type { ErrorSchema, WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { parseWithMask } from '../engine/dates';
import { DatePickerWidget } from './SchemaForm/DatePickerWidget';

export interface DayInputProps {
  value: string;
  onChange: (day: string) => void;
  readOnly?: boolean;
}

const DAY = { format: 'YYYY-MM-DD' };
const ignore = () => {};

export function DayInput({ value, onChange, readOnly = false }: DayInputProps) {
  const { t } = useTranslation();
  // the text while it is no day, and whether the widget named it wrong (with its change, as in a form)
  const [typed, setTyped] = useState<{ text: string; wrong: boolean } | null>(null);
  const props = {
    id: undefined,
    value: typed?.text ?? value,
    schema: { type: 'string' },
    options: { ...DAY, emptyValue: '' },
    onChange: (v: unknown, errors?: ErrorSchema) => {
      const text = typeof v === 'string' ? v : '';
      const day = parseWithMask(text, DAY.format) ? text : '';
      setTyped(day === text ? null : { text, wrong: Boolean(errors?.__errors?.length) });
      onChange(day);
    },
    onBlur: ignore,
    onFocus: ignore,
    readonly: readOnly,
    disabled: false,
    required: false,
  } as unknown as WidgetProps;
  return (
    <>
      <DatePickerWidget {...props} />
      {typed?.wrong && (
        <Text color="fg.error" fontSize="sm" mt="1" role="alert">
          {t('validation.date')}
        </Text>
      )}
    </>
  );
}
