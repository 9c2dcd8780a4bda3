/**
 * The text a column shows for a value, where it is not the value itself: an enum's value by its locale name
 * (`entities.<entity>.enums.<field>.<value>`), an entity's name by the entity's title (an event's origin).
 * A value without a text shows as itself, never as a key.
 */
import type { TFunction } from 'i18next';
import { entityTitleKey, type ResolvedColumn } from '../../engine/metadata/resolve';

/** The origin of a subscription to every entity. */
export const ANY_ENTITY = '*';

export function valueTextOf(column: Pick<ResolvedColumn, 'field' | 'pick' | 'names'>, entity: string, t: TFunction): ((value: unknown) => string) | undefined {
  if (column.pick?.kind === 'enum') return (v) => t(`entities.${entity}.enums.${column.field}.${String(v)}`, { defaultValue: String(v) });
  if (column.names === 'entity') return (v) => (v === ANY_ENTITY ? t('dataTable.anyEntity') : t(entityTitleKey(String(v)), { defaultValue: String(v) }));
  return undefined;
}
