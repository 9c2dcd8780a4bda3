/**
 * One field row: the label (140 px beside the input from md up, above it on phones) with the required
 * marker, the widget, and ONE translated error message. The Chakra Field.Root carries the field's id, so
 * `<label for>` and the input's id agree (STACK pitfall of @rjsf/chakra-ui). Objects and child tables draw
 * their own titles; here they only get their own (root / array-level) message.
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
    <Field.Root id={id} invalid={Boolean(message)} required={required} readOnly={readonly} disabled={disabled}>
      <Flex direction={inGrid ? 'column' : { base: 'column', md: 'row' }} gap={inGrid ? '0' : { base: '1', md: '3' }} w="full" align={{ md: 'flex-start' }}>
        {showLabel && (
          <Field.Label w={{ md: LABEL_WIDTH }} flexShrink={0} pt={{ md: '2' }} srOnly={inGrid}>
            {label}
            <Field.RequiredIndicator />
          </Field.Label>
        )}
        <Box flex="1" minW="0">
          <FieldPath.Provider value={fieldPathId.path.join('.')}>{children}</FieldPath.Provider>
          {description && <Field.HelperText>{description}</Field.HelperText>}
          <Field.ErrorText>{message}</Field.ErrorText>
        </Box>
      </Flex>
    </Field.Root>
  );
}
