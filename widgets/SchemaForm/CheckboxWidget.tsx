/**
 * A yes/no field (ui:widget "checkbox", the default for booleans). The label is the FieldTemplate's; the
 * hidden native input takes the field id from the Chakra field context. Unticking emits false.
 */
import { Checkbox } from '@chakra-ui/react';
import type { WidgetProps } from '@rjsf/utils';

export function CheckboxWidget({ id, htmlName, value, onChange, onBlur, onFocus, readonly, disabled, autofocus }: WidgetProps) {
  return (
    <Checkbox.Root
      mt={{ md: '2' }}
      name={htmlName || id}
      checked={value === true}
      readOnly={readonly}
      disabled={disabled}
      onCheckedChange={(d) => onChange(d.checked === true)}
    >
      <Checkbox.HiddenInput autoFocus={autofocus} onBlur={() => onBlur(id, value)} onFocus={() => onFocus(id, value)} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}
