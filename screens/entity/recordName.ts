/** The name a record goes by on screen (its breadcrumb): its label fields as lists show them (an enum or an entity name by its text). */
import type { TFunction } from 'i18next';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { labelText } from '../../engine/metadata/label';
import { valueTextOf } from '../../widgets/DataTable/valueText';

export function recordName(entity: ResolvedEntity, data: Record<string, unknown>, t: TFunction): string {
  const shown: Record<string, unknown> = {};
  for (const field of entity.labelFields) {
    const value = data[field];
    const column = entity.columns.find((c) => c.field === field);
    shown[field] = column && value != null && value !== '' ? (valueTextOf(column, entity.name, t)?.(value, data) ?? value) : value;
  }
  return labelText(shown, entity.labelFields);
}
