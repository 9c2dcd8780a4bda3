/**
 * Which i18n key labels a form field. The convention, by the field's path in the record (array indices
 * dropped):
 *   ['nombre']                          -> entities.<entity>.fields.nombre   (engine fieldLabelKey, as the table)
 *   ['contactos', 'email']              -> entities.<entity>.items.contactos.email
 *   ['contactos', 'telefonos', 'numero'] -> entities.<entity>.items.contactos_telefonos.numero
 * A child table itself ('contactos') is a top-level field, so its title is fields.contactos. Nested labels
 * live under `items` because `fields.contactos` is already a text and cannot also hold children.
 * A `ui:title` in ui.json overrides the convention and is read as an i18n key too.
 */
import { entityTitleKey, fieldLabelKey } from '../../engine/metadata/resolve';

export type FieldPath = readonly (string | number)[];

export function labelKeyOf(entity: string, path: FieldPath): string {
  const names = path.filter((p): p is string => typeof p === 'string');
  if (names.length === 0) return entityTitleKey(entity);
  if (names.length === 1) return fieldLabelKey(entity, names[0]);
  return `entities.${entity}.items.${names.slice(0, -1).join('_')}.${names[names.length - 1]}`;
}

/** True when the path ends at an item of an array (its label would repeat the array's). */
export const isArrayItem = (path: FieldPath) => typeof path[path.length - 1] === 'number';
