/**
 * Several choices of an enum list (ui:widget "checkboxes" on an array). The engine checks required and the
 * item counts (minItems / maxItems); the FieldTemplate shows the one message.
 */
import { useRef } from 'react';
import { Checkbox, Stack } from '@chakra-ui/react';
import { enumOptionsDeselectValue, enumOptionsSelectValue, optionId, type WidgetProps } from '@rjsf/utils';
import { useEnumText } from './enumText';

export function CheckboxesWidget({ id, htmlName, value, options, onChange, onBlur, onFocus, readonly, disabled, autofocus }: WidgetProps) {
  const enumText = useEnumText();
  const selected: unknown[] = Array.isArray(value) ? value : [];
  // ticks can come faster than renders: each one builds on the previous one's result
  const latest = useRef(selected);
  latest.current = selected;
  const change = (next: unknown) => {
    latest.current = Array.isArray(next) ? next : [];
    onChange(next);
  };
  const enumOptions = options.enumOptions ?? [];
  return (
    <Stack id={id} role="group" aria-labelledby={`field::${id}::label`} direction={options.inline ? 'row' : 'column'} gap="2" pt={{ md: '2' }}>
      {enumOptions.map((option, index) => {
        const checked = selected.some((v) => v === option.value);
        const itemId = optionId(id, index);
        return (
          <Checkbox.Root
            key={itemId}
            ids={{ hiddenInput: itemId, label: `${itemId}-label` }}
            name={htmlName || id}
            value={String(index)}
            checked={checked}
            readOnly={readonly}
            disabled={disabled}
            onCheckedChange={(d) =>
              change(
                d.checked === true
                  ? enumOptionsSelectValue(index, latest.current, enumOptions)
                  : enumOptionsDeselectValue(index, latest.current, enumOptions),
              )
            }
          >
            <Checkbox.HiddenInput autoFocus={autofocus && index === 0} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
            <Checkbox.Control />
            <Checkbox.Label>{enumText(option.label, option.value)}</Checkbox.Label>
          </Checkbox.Root>
        );
      })}
    </Stack>
  );
}
