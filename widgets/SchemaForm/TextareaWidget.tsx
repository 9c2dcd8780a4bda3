/** Multi-line text (ui:widget "textarea"); `maxLength` limits typing, `ui:options.rows` sets the height. */
import { Textarea } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { emptyValueOf } from './empty';

export function TextareaWidget({ id, htmlName, value, schema, options, onChange, onBlur, onFocus, readonly, disabled, autofocus, placeholder, required }: WidgetProps) {
  return (
    <Textarea
      id={id}
      name={htmlName || id}
      value={value ?? ''}
      rows={typeof options.rows === 'number' ? options.rows : 3}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      placeholder={placeholder}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      onChange={(e) => onChange(e.target.value === '' ? emptyValueOf(schema, options) : e.target.value)}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}
