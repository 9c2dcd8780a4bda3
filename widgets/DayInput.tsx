/**
 * A day typed as dd/mm/yyyy or picked in the calendar outside a schema form (a task's estimated dates, a
 * report's date parameter, a cheque's collection day): the form's date widget itself, so every day in the app reads
 * and is typed the same way, whatever the browser's language (a native date input wrote 11/29/2026 in an English
 * browser). Inside a FormField it takes the field's label, required and error (aria-invalid, aria-describedby), as
 * any other input does.
 *
 * Its value is what the field holds, as in a form: 'YYYY-MM-DD', '' for none, or the text typed while it is no day
 * (31/02/2026, 12/0), which stays there rather than being dropped for no day. Whether a value is wrong is
 * engine/dates.ts `isWrongDay`; the caller names it (its field's error) and holds back what would use it.
 */
import type { ErrorSchema, WidgetProps } from '@rjsf/utils';
import { DAY_FORMAT } from '../engine/dates';
import { DatePickerWidget } from './SchemaForm/DatePickerWidget';

export interface DayInputProps {
  /** 'YYYY-MM-DD', '' for none, or the text typed that is no day. */
  value: string;
  /**
   * What the field holds now. `wrong`: its text is to be named wrong now (left, or typed in full while it is no
   * day), the moment a form's date field says so; retyping it reports false until then.
   */
  onChange: (value: string, wrong: boolean) => void;
  readOnly?: boolean;
  /** Whether a day must be given; left out, the FormField's `required` holds (Chakra hands it to the input). */
  required?: boolean;
}

const ignore = () => {};

export function DayInput({ value, onChange, readOnly = false, required }: DayInputProps) {
  const props = {
    id: undefined,
    value,
    schema: { type: 'string' },
    options: { format: DAY_FORMAT, emptyValue: '' },
    onChange: (v: unknown, errors?: ErrorSchema) => onChange(typeof v === 'string' ? v : '', Boolean(errors?.__errors?.length)),
    onBlur: ignore,
    onFocus: ignore,
    readonly: readOnly,
    disabled: false,
    // undefined, not false: a false here would override the field's required, and the input would not say it
    required,
  } as unknown as WidgetProps;
  return <DatePickerWidget {...props} />;
}
