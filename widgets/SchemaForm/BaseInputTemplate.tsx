/**
 * The text / number / email / password input of the form (RJSF routes TextWidget and friends here). The id
 * is the one the FieldTemplate put on Field.Root, so the label targets this input. A text over its `maxLength` is
 * kept and told, not cut (./TextLength.tsx).
 */
import { Input } from '@chakra-ui/react';
import { getInputProps, getSchemaType, type BaseInputTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { emptyValueOf } from './empty';
import { NumberInput } from './NumberInput';
import { LengthCounter, tooLong } from './TextLength';

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, type, value, schema, options, onChange, onChangeOverride, onBlur, onFocus, readonly, disabled, autofocus, placeholder, required } =
    props;
  const schemaType = getSchemaType(schema);
  const inputProps = getInputProps({ ...schema, type: schemaType } as RJSFSchema, type, options);
  if (inputProps.type === 'number' && !onChangeOverride)
    return (
      <NumberInput
        id={id}
        name={htmlName || id}
        value={value}
        integer={schemaType === 'integer'}
        empty={emptyValueOf(schema, options)}
        placeholder={placeholder}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        onValue={onChange}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
    );
  return (
    <>
      <Input
        id={id}
        name={htmlName || id}
        {...inputProps}
        value={value === undefined || value === null ? '' : String(value)}
        placeholder={placeholder}
        required={required}
        readOnly={readonly}
        disabled={disabled}
        autoFocus={autofocus}
        onChange={onChangeOverride ?? ((e) => onChange(e.target.value === '' ? emptyValueOf(schema, options) : e.target.value, tooLong(e.target.value, schema), id))}
        onBlur={(e) => onBlur(id, e.target.value)}
        onFocus={(e) => onFocus(id, e.target.value)}
      />
      <LengthCounter value={value} schema={schema} />
    </>
  );
}

/** ui:widget "updown": the same number input (./NumberInput.tsx). */
export function UpDownWidget(props: BaseInputTemplateProps) {
  return <BaseInputTemplate {...props} type="number" />;
}
