/** Multi-line text (ui:widget "textarea"); `ui:options.rows` sets the height; over `maxLength` it is told, not cut (./TextLength.tsx). */
import { Textarea } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';
import { emptyValueOf } from './empty';
import { LengthCounter, tooLong } from './TextLength';

export function TextareaWidget({ id, htmlName, value, schema, options, onChange, onBlur, onFocus, readonly, disabled, autofocus, placeholder, required }: WidgetProps) {
  return (
    <>
      <Textarea
        id={id}
        name={htmlName || id}
        value={value ?? ''}
        rows={typeof options.rows === 'number' ? options.rows : 3}
        placeholder={placeholder}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        onChange={(e) => onChange(e.target.value === '' ? emptyValueOf(schema, options) : e.target.value, tooLong(e.target.value, schema), id)}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <LengthCounter value={value} schema={schema} />
    </>
  );
}
