/**
 * One field row: the label (140 px beside the input from md up, above it on phones) with the required
 * marker, the widget, and ONE translated error message. The Chakra Field.Root carries the field's id, so
 * `<label for>` and the input's id agree (STACK pitfall of @rjsf/chakra-ui). The help and the error shown under the
 * input describe it (aria-describedby), as in ../FormField.tsx: Chakra ties the error only by aria-errormessage, which
 * screen readers mostly skip. Objects and child tables draw their own titles; here they only get their own (root /
 * array-level) message.
 */
import { Box, Field, Flex, Text } from '@chakra-ui/react';
import type { FieldTemplateProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { decodeFieldErrors } from './errorCodes';
import { fieldMessage } from './fieldMessage';
import { isArrayItem } from './labelKeys';
import { useFieldLabel } from './useFieldLabel';
import { FieldPath, formContextOf } from './context';
import { ReadOnlyValue } from './ReadOnlyValue';

export const LABEL_WIDTH = '140px';

/** The box of the texts shown under a field's input (help, error), which describes the input. */
const notesId = (id: string) => `field::${id}::notes`;

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, fieldPathId, children, rawErrors, required, hidden, schema, uiSchema, registry, disabled, readonly, rawDescription, formData } =
    props;
  const { t, i18n } = useTranslation();
  const label = useFieldLabel(fieldPathId.path, uiSchema, registry);
  if (hidden) return <Box display="none">{children}</Box>;

  const type = Array.isArray(schema.type) ? schema.type.find((x) => x !== 'null') : schema.type;
  const mustBeTicked = type === 'boolean' && (schema.const === true || (schema.enum?.length === 1 && schema.enum[0] === true));
  const errors = decodeFieldErrors(rawErrors, fieldPathId.path.join('.'));
  const message = fieldMessage(errors, label, t, (k) => i18n.exists(k), { mustBeTicked });
  const container = type === 'object' || (type === 'array' && !registry.schemaUtils.isMultiSelect(schema));

  if (container) {
    return (
      <Box>
        {children}
        {message && (
          <Text color="fg.error" fontSize="sm" mt="1" role="alert">
            {message}
          </Text>
        )}
      </Box>
    );
  }

  const ownOptions = (uiSchema?.['ui:options'] ?? {}) as { label?: boolean; inGrid?: boolean };
  // a field of a grid row: the grid's column title shows the label; screen readers still get it
  const inGrid = ownOptions.inGrid === true;
  const showLabel = ownOptions.label !== false && uiSchema?.['ui:label'] !== false && !isArrayItem(fieldPathId.path);
  const description = typeof rawDescription === 'string' && rawDescription ? t(rawDescription) : null;
  // a help that says what the error says (a report's interval without a day) is shown, and heard, once
  const help = description && description !== message ? description : null;
  if (formContextOf(registry).viewMode) {
    // view mode: the label beside the value as text (no input, no required marker, no help)
    return (
      <Flex direction={inGrid ? 'column' : { base: 'column', md: 'row' }} gap={{ base: '0', md: inGrid ? '0' : '3' }} w="full" align={{ md: 'flex-start' }}>
        {showLabel && (
          <Text as="span" id={`field::${id}::label`} w={{ md: LABEL_WIDTH }} flexShrink={0} pt={{ md: '2' }} fontSize="sm" fontWeight="medium" color="fg.muted" srOnly={inGrid}>
            {label}
          </Text>
        )}
        <Box flex="1" minW="0" aria-labelledby={showLabel ? `field::${id}::label` : undefined} role={showLabel ? 'group' : undefined}>
          <ReadOnlyValue id={id} value={formData} schema={schema} uiSchema={uiSchema} registry={registry} />
        </Box>
      </Flex>
    );
  }
  return (
    // Chakra names one id in the input's aria-describedby (its help's): here the box holding whatever is shown under
    // it, help and error alike, so both are heard (widgets take the description from Chakra's field, not from RJSF ids)
    <Field.Root id={id} invalid={Boolean(message)} required={required} readOnly={readonly} disabled={disabled} ids={{ helperText: notesId(id) }}>
      <Flex direction={inGrid ? 'column' : { base: 'column', md: 'row' }} gap={inGrid ? '0' : { base: '1', md: '3' }} w="full" align={{ md: 'flex-start' }}>
        {showLabel && (
          <Field.Label w={{ md: LABEL_WIDTH }} flexShrink={0} pt={{ md: '2' }} srOnly={inGrid}>
            {label}
            <Field.RequiredIndicator />
          </Field.Label>
        )}
        <Box flex="1" minW="0">
          <FieldPath.Provider value={fieldPathId.path.join('.')}>{children}</FieldPath.Provider>
          {(help || message) && (
            <Box id={notesId(id)}>
              {/* the help keeps an id of its own: Chakra would give it the box's */}
              {help && <Field.HelperText id={`field::${id}::helper-text`}>{help}</Field.HelperText>}
              <Field.ErrorText>{message}</Field.ErrorText>
            </Box>
          )}
        </Box>
      </Flex>
    </Field.Root>
  );
}
