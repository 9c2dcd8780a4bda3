/**
 * Options a read action answers whole (a select's `ui:options.filters.action`: a category group's entries, an
 * event's origins), named the way an enum's values are: by the locale's name of the value
 * (`entities.<entity>.enums.<field>.<value>`) where the locale has one — a built-in party type in the user's
 * language — otherwise as the server names them (an entry an administrator added). The form's select, its view
 * mode and the list's pick-list filter show the same names; typing searches them.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListQuery, SelectOption } from '../../engine/list/query';
import { localPage } from './selectOptions';
import type { SliceSource } from './useSelectOptions';

/** Most options an action's select offers (as many as a category group offers). */
export const ACTION_OPTIONS_MAX = 1000;

/** The locale key base of a field's value names (an enum's `ui:enumNames`, a list column's values). */
export const valueNamesKey = (entity: string, path: string) => `entities.${entity}.enums.${path.split('.').join('_')}`;

/** True when the select's options come whole from a read action of its list's entity. */
export const isActionSelect = (filters: Record<string, unknown> | undefined) => typeof filters?.action === 'string';

/** Names an option by `name` of its id, or leaves it as the server names it where `name` has none. */
export type OptionNamer = (id: string) => string | null;

/** The namer of a field's values by their locale keys (`<base>.<id>`), where the locale has one. */
export const byLocaleKeys = (base: string, exists: (key: string) => boolean, t: (key: string) => string): OptionNamer => (id) => {
  const key = `${base}.${id}`;
  return exists(key) ? t(key) : null;
};

export function nameOptions(rows: readonly SelectOption[], name: OptionNamer): SelectOption[] {
  return rows.map((o) => {
    const text = name(String(o.id));
    return text === null ? o : { ...o, nombre: text, name: text };
  });
}

/** The source, read whole and named (`nameOptions`), then searched and paged by the names shown. */
export function namedSource(source: SliceSource, name: OptionNamer): SliceSource {
  return async (q: ListQuery) => {
    const all = await source({ pattern: '', offset: 0, max: ACTION_OPTIONS_MAX, ...(q.filters ? { filters: q.filters } : {}) });
    return localPage(nameOptions(all.rows, name), { pattern: q.pattern, offset: q.offset, max: q.max });
  };
}

/**
 * `namedSource` in the user's language, with the key its slices are remembered and cached under (the names
 * follow the language): by the locale keys under `base`, or by `nameOf` when given (a list column's value
 * texts: an entity's title). Without `base` the source is left as it is.
 */
export function useNamedSource(source: SliceSource, key: string, base: string | undefined, nameOf?: OptionNamer): { source: SliceSource; key: string } {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(() => {
    if (!base) return { source, key };
    const name = nameOf ?? byLocaleKeys(base, (k) => i18n.exists(k), (k) => t(k));
    return { source: namedSource(source, name), key: `${key}|${base}|${language}` };
    // the names follow the language
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [source, key, base, nameOf, language, t, i18n]);
}
