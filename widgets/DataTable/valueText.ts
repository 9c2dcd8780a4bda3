/**
 * The text a column shows for a value, where it is not the value itself: an enum's value by its locale name
 * (`entities.<entity>.enums.<field>.<value>`), an entity's name by the entity's title (an event's origin), a value
 * picked from a read action's options by the option's name (a party's type: its category group entry's name,
 * translated where the locale has one: useOptionNames), free text an administrator edits as a key by the locale's
 * name of it where there is one (ResolvedColumn `valueNames`: a seeded category's group and value). A value without a
 * text shows as itself, never as a key.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { entityTitleKey, valueNameKey, type ResolvedColumn } from '../../engine/metadata/resolve';
import { ACTION_OPTIONS_MAX, byLocaleKeys, namedSource, valueNamesKey } from '../SchemaForm/namedOptions';
import { optionText } from '../SchemaForm/selectOptions';
import type { OptionsSource } from './types';

/** The origin of a subscription to every entity. */
export const ANY_ENTITY = '*';

/** Per column field: the names of its action options' values (useOptionNames). */
export type OptionNames = ReadonlyMap<string, ReadonlyMap<string, string>>;

/** A value's text; `row` is the value's row, for a value named within another field's (a category's `valor`). */
export type ValueText = (value: unknown, row?: Readonly<Record<string, unknown>>) => string;

export function valueTextOf(
  column: Pick<ResolvedColumn, 'field' | 'pick' | 'names' | 'valueNames'>,
  entity: string,
  t: TFunction,
  optionNames?: OptionNames,
): ValueText | undefined {
  const key = (v: unknown) => `${valueNamesKey(entity, column.field)}.${String(v)}`;
  if (column.names === 'entity') return (v) => (v === ANY_ENTITY ? t('dataTable.anyEntity') : t(entityTitleKey(String(v)), { defaultValue: String(v) }));
  const { valueNames } = column;
  if (valueNames)
    return (v, row) => {
      const name = valueNameKey(entity, column.field, valueNames, v, row);
      return name === null ? String(v) : t(name, { defaultValue: String(v) });
    };
  if (column.pick?.kind === 'enum') return (v) => t(key(v), { defaultValue: String(v) });
  if (column.pick?.kind === 'options') {
    const names = optionNames?.get(column.field);
    return (v) => names?.get(String(v)) ?? t(key(v), { defaultValue: String(v) });
  }
  return undefined;
}

/** Columns whose values are named by a read action's options (not by an entity's title). */
const namedByOptions = (c: Pick<ResolvedColumn, 'pick' | 'names'>) => c.pick?.kind === 'options' && c.names !== 'entity';

/**
 * The names of the shown columns' action options, read once per list of options and language (through the read
 * cache): a party type an administrator added shows by its name, a built-in one by its locale name.
 */
export function useOptionNames(columns: readonly ResolvedColumn[], entity: string, options: OptionsSource | undefined): OptionNames | undefined {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const wanted = columns.filter(namedByOptions);
  const key = options && wanted.length ? ['optionNames', entity, wanted.map((c) => c.field).join(','), language] : null;
  const { data } = useSWR(
    key,
    async () => {
      const out = new Map<string, Map<string, string>>();
      for (const c of wanted) {
        if (c.pick?.kind !== 'options') continue;
        const { list, filters } = c.pick;
        const name = byLocaleKeys(valueNamesKey(entity, c.field), (k) => i18n.exists(k), (k) => t(k));
        const source = namedSource((q) => options!(list, q), name);
        const { rows } = await source({ pattern: '', offset: 0, max: ACTION_OPTIONS_MAX, filters: { ...filters } });
        out.set(c.field, new Map(rows.map((o) => [String(o.id), optionText(o, language)])));
      }
      return out;
    },
    // a failure leaves the values as they are (no toast of its own)
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
  return useMemo(() => data, [data]);
}
