/**
 * A column shown by its values' locale names (ui.json `valueNames`: a category's group and value) is filtered
 * and sorted by what the user sees. A typed filter finds, besides the stored keys containing the text, the keys
 * whose name contains it, in either language, case and accents ignored ("interesado" or "party type" finds the
 * group perfil_tipo); a sort orders by the names in the caller's language (a value without one, by itself).
 */
import type { ResolvedEntity, ValueNames } from '../../engine/metadata/resolve';
import type { Lang } from '../http/lang';
import { valueNameKey } from '../../engine/metadata/resolve';
import { matchFold } from '../../engine/text/search';
import { LANGS, localeFile, textsOf } from '../export/texts';

/** A named value: its key, and for a name within another field (`within`) that field's key. */
export interface NamedValue {
  value: string;
  within?: string;
  /** Its names in every language, folded. */
  names: string[];
  /** Its name in each language that has one, as shown. */
  shown: Partial<Record<Lang, string>>;
}

const cache = new Map<string, NamedValue[]>();

const subtree = (node: unknown, path: readonly string[]): Record<string, unknown> | null => {
  let at = node;
  for (const part of path) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[part] : undefined;
  return at && typeof at === 'object' ? (at as Record<string, unknown>) : null;
};

/** The keys of a node that hold a name (a string; an object under a key is another level, not a name). */
const leaves = (node: Record<string, unknown>) => Object.keys(node).filter((k) => typeof node[k] === 'string');

/** Every value of the field that a locale names (`entities.<entity>.enums.<field>…`, or `<keys>.…`), with its names. */
function namedValues(entity: string, field: string, names: ValueNames): NamedValue[] {
  const cacheKey = `${entity}.${field}.${names.within ?? ''}.${names.keys ?? ''}`;
  const known = cache.get(cacheKey);
  if (known) return known;
  const found = new Map<string, NamedValue>();
  for (const lang of LANGS) {
    const tree = subtree(localeFile(lang), names.keys ? names.keys.split('.') : ['entities', entity, 'enums', field]) ?? {};
    const pairs = names.within
      ? Object.keys(tree).flatMap((scope) => leaves(subtree(tree, [scope]) ?? {}).map((value) => ({ value, within: scope })))
      : leaves(tree).map((value) => ({ value, within: undefined as string | undefined }));
    for (const pair of pairs) {
      const key = valueNameKey(entity, field, names, pair.value, names.within ? { [names.within]: pair.within } : undefined);
      const name = key ? String(textsOf(lang)(key, { defaultValue: '' })) : '';
      if (!name) continue;
      const valueKey = `${pair.within ?? ''}\u0000${pair.value}`;
      const entry: NamedValue = found.get(valueKey) ?? { ...pair, names: [], shown: {} };
      entry.names.push(matchFold(name));
      entry.shown[lang] = name;
      found.set(valueKey, entry);
    }
  }
  const list = [...found.values()];
  cache.set(cacheKey, list);
  return list;
}

/** The named values of a column whose name, in some language, contains `text`. */
export function valuesNamedLike(entity: ResolvedEntity, field: string, names: ValueNames, text: string): NamedValue[] {
  const wanted = matchFold(text.trim());
  return namedValues(entity.name, field, names).filter((v) => v.names.some((n) => n.includes(wanted)));
}

/** The named values of a column with their name in `lang` (what a sort by the column orders by). */
export function valueNamesIn(entity: ResolvedEntity, field: string, names: ValueNames, lang: Lang): { value: string; within?: string; name: string }[] {
  return namedValues(entity.name, field, names).flatMap((v) => (v.shown[lang] ? [{ value: v.value, within: v.within, name: v.shown[lang]! }] : []));
}
