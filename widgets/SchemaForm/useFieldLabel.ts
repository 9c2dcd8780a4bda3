/** The translated label of a field (labelKeys.ts convention, or its `ui:title` key); follows language changes. */
import { useTranslation } from 'react-i18next';
import type { Registry, UiSchema } from '@rjsf/utils';
import { formContextOf } from './context';
import { labelKeyOf, type FieldPath } from './labelKeys';

export function labelKeyFor(path: FieldPath, uiSchema: UiSchema | undefined, registry: Registry): string {
  const title = uiSchema?.['ui:title'];
  return typeof title === 'string' && title ? title : labelKeyOf(formContextOf(registry).entity, path);
}

export function useFieldLabel(path: FieldPath, uiSchema: UiSchema | undefined, registry: Registry): string {
  const { t } = useTranslation();
  return t(labelKeyFor(path, uiSchema, registry));
}
