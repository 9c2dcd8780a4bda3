/**
 * The text / number / email / password input of the form (RJSF routes TextWidget and friends here). The id
 * is the one the FieldTemplate put on Field.Root, so the label targets this input; `maxLength` limits typing.
 */
import { Input } from '@chakra-ui/react';
import { getInputProps, getSchemaType, type BaseInputTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { emptyValueOf } from './empty';

export function BaseInputTemplate(props: BaseInputTemplateProps) {
  const { id, htmlName, type, value, schema, options, onChange, onChangeOverride, onBlur, onFocus, readonly, disabled, autofocus, placeholder, required } =
    props;
  const schemaType = getSchemaType(schema);
  const inputProps = getInputProps({ ...schema, type: schemaType } as RJSFSchema, type, options);
  return (
    <Input
      id={id}
      name={htmlName || id}
      {...inputProps}
      value={value === undefined || value === null ? '' : String(value)}
      maxLength={typeof schema.maxLength === 'number' ? schema.maxLength : undefined}
      placeholder={placeholder}
      required={required}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      onChange={onChangeOverride ?? ((e) => onChange(e.target.value === '' ? emptyValueOf(schema, options) : e.target.value))}
      onBlur={(e) => onBlur(id, e.target.value)}
      onFocus={(e) => onFocus(id, e.target.value)}
    />
  );
}

/** Number input with steps (ui:widget "updown"). */
export function UpDownWidget(props: BaseInputTemplateProps) {
  return <BaseInputTemplate {...props} type="number" />;
}
