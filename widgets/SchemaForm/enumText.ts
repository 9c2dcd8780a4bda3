/**
 * The text of an enum value in a form: ./uiSchema.ts names each value by its locale key
 * (`entities.<entity>.enums.<path>.<value>`, as lists do); a value without a text shows as itself, never as a key.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

export const ENUM_KEY_PREFIX = 'entities.';

export function useEnumText(): (label: string, value: unknown) => string {
  const { t, i18n } = useTranslation();
  return useCallback(
    (label: string, value: unknown) => (i18n.exists(label) ? t(label) : label.startsWith(ENUM_KEY_PREFIX) ? String(value) : label),
    // the texts follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [t, i18n, i18n.language],
  );
}
