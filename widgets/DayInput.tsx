/**
 * A day typed as dd/mm/yyyy or picked in the calendar outside a schema form (a task's estimated dates, a
 * report's date parameter): the form's date widget itself, so every day in the app reads and is typed the same
 * way, whatever the browser's language (a native date input wrote 11/29/2026 in an English browser). The value
 * is 'YYYY-MM-DD', '' for none. Inside a FormField it takes the field's label.
 */
import type { WidgetProps } from '@rjsf/utils';
import { DatePickerWidget } from './SchemaForm/DatePickerWidget';

export interface DayInputProps {
  value: string;
  onChange: (day: string) => void;
  readOnly?: boolean;
}

const DAY = { format: 'YYYY-MM-DD' };
const ignore = () => {};

export function DayInput({ value, onChange, readOnly = false }: DayInputProps) {
  const props = {
    id: undefined,
    value,
    schema: { type: 'string' },
    options: { ...DAY, emptyValue: '' },
    onChange: (v: unknown) => onChange(typeof v === 'string' ? v : ''),
    onBlur: ignore,
    onFocus: ignore,
    readonly: readOnly,
    disabled: false,
    required: false,
  } as unknown as WidgetProps;
  return <DatePickerWidget {...props} />;
}
