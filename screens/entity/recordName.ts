/**
 * The name a record goes by on screen (its breadcrumb): its label fields as its list's cells write them — an enum
 * or an entity name by its text, a day as dd/mm/yyyy, a moment on the user's clock, a referenced row by its name
 * (a delivery by its event's).
 */
import useSWR from 'swr';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { labelText } from '../../engine/metadata/label';
import { valueTextOf } from '../../widgets/DataTable/valueText';
import { columnKind, kindText } from '../../widgets/DataTable/columnKind';
import { referenceName } from './useReferenceNames';

type Data = Record<string, unknown>;

/** `references`: the names of label fields that reference another row, by field, where known. */
export function recordName(entity: ResolvedEntity, data: Data, t: TFunction, lang: string, references: Readonly<Record<string, string>> = {}): string {
  const shown: Data = {};
  for (const field of entity.labelFields) {
    const value = data[field];
    const column = entity.columns.find((c) => c.field === field);
    const text = column && (valueTextOf(column, entity.name, t) ?? kindText(entity, column, columnKind(entity, column), lang));
    shown[field] = value == null || value === '' ? value : (references[field] ?? (text ? text(value, data) : value));
  }
  return labelText(shown, entity.labelFields);
}

/** The label fields of the entity that reference another row (a delivery's event). */
const labelReferences = (entity: ResolvedEntity) => entity.references.filter((r) => r.site.kind === 'column' && entity.labelFields.includes(r.path));

/** The record's name once it and the rows its label names are read (null until then). */
export function useRecordName(entity: ResolvedEntity, data: Data | null): string | null {
  const { t, i18n } = useTranslation();
  const refs = data ? labelReferences(entity).filter((r) => typeof data[r.path] === 'number') : [];
  const key = refs.length ? ['recordName', ...refs.map((r) => `${r.list}:${String(data![r.path])}`)] : null;
  const { data: names, error } = useSWR(key, () => Promise.all(refs.map((r) => referenceName(r.list, data![r.path] as number))), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
  if (!data || (key && !names && !error)) return null;
  const references = Object.fromEntries(refs.flatMap((r, i) => (names?.[i] != null ? [[r.path, names[i]!]] : [])));
  return recordName(entity, data, t, i18n.language, references);
}
