/**
 * A text's schema maxLength, told rather than enforced: the input's `maxlength` cut a pasted text without a word
 * (a description of 2,100 characters kept 2,000). The text stays as typed or pasted, the field says "at most N
 * characters" at once and the form will not save it, and a counter shows the count near the limit.
 */
import { Text } from '@chakra-ui/react';
import type { RJSFSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { ownError } from './errorCodes';

/** Characters as the schema counts them (ajv: a code point each, an emoji too). */
const lengthOf = (text: string) => [...text].length;

const maxOf = (schema: RJSFSchema) => (typeof schema.maxLength === 'number' ? schema.maxLength : undefined);

/** The field's own error for a text over its limit, raised with the change (undefined when it fits). */
export function tooLong(text: string, schema: RJSFSchema) {
  const max = maxOf(schema);
  return max !== undefined && lengthOf(text) > max ? ownError('maxLength', { max }) : undefined;
}

/** "2100 of 2000 characters" from 90% of a long limit, and over any limit (a short code's limit is plain from its box). */
export function LengthCounter({ value, schema }: { value: unknown; schema: RJSFSchema }) {
  const { t } = useTranslation();
  const max = maxOf(schema);
  const length = typeof value === 'string' ? lengthOf(value) : 0;
  if (max === undefined || (length <= max && (max < 100 || length < max * 0.9))) return null;
  return (
    <Text fontSize="xs" mt="1" textAlign="end" color={length > max ? 'fg.error' : 'fg.muted'}>
      {t('form.length', { length, max })}
    </Text>
  );
}
