/**
 * A listed row as the cells of an export, typed: numbers stay numbers (their exact decimal text in CSV),
 * dates are dates, references show their referenced row's label, enums and yes/no their texts in the
 * user's language — what the table shows, without its truncation.
 */
import type { TFunction } from 'i18next';
import { entityTitleKey, valueNameKey, type ResolvedColumn, type ResolvedEntity } from '../../engine/metadata/resolve';

/** The origin of a subscription to every entity (widgets/DataTable/valueText ANY_ENTITY). */
const ANY_ENTITY = '*';
import { storedField } from '../entities/layout';
import type { DocContext, Documents } from '../documents/types';
import type { Lang } from '../http/lang';

export type CellKind = 'text' | 'number' | 'date' | 'datetime';

export interface ExportColumn {
  column: ResolvedColumn;
  header: string;
  kind: CellKind;
  /** The cell of a row: a string, a number's exact text, or null. */
  value(row: Record<string, unknown>): string | null;
}

const NUMERIC = new Set(['integer', 'numeric', 'double precision']);

function kindOf(entity: ResolvedEntity, column: ResolvedColumn): CellKind {
  if (column.pick) return 'text';
  if (column.virtual) return column.type === 'number' || column.type === 'integer' ? 'number' : 'text';
  const stored = storedField(entity, column.field);
  if (stored && NUMERIC.has(stored.sqlType)) return 'number';
  const format = stored?.schema.format;
  if (format === 'date') return 'date';
  if (format === 'date-time') return 'datetime';
  return 'text';
}

const asText = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** Per column field: its values' names, as a read action names its options (ResolvedColumn pick `options`). */
export type OptionNames = ReadonlyMap<string, ReadonlyMap<string, string>>;

/**
 * The names of the chosen columns' action options in the language (a party type an administrator added: its
 * category's name), read once per export through the same action the form's select and the list's filter use.
 * An action that fails leaves the values as they are.
 */
export async function actionOptionNames(docs: Documents, ctx: DocContext, columns: readonly ResolvedColumn[], lang: Lang): Promise<OptionNames> {
  const out = new Map<string, Map<string, string>>();
  for (const c of columns) {
    if (c.pick?.kind !== 'options' || c.names) continue;
    const { action, ...body } = c.pick.filters;
    try {
      const options = (await docs.run(ctx, docs.entity(c.pick.list), String(action), { body, lang })) as { id: unknown; nombre?: string; name?: string }[];
      const text = (o: (typeof options)[number]) => (lang === 'es' ? o.nombre || o.name : o.name || o.nombre) ?? String(o.id);
      out.set(c.field, new Map(options.map((o) => [String(o.id), text(o)])));
    } catch {
      // the values stay as stored
    }
  }
  return out;
}

export function exportColumns(entity: ResolvedEntity, columns: readonly ResolvedColumn[], t: TFunction, optionNames?: OptionNames): ExportColumn[] {
  return columns.map((column) => {
    const kind = kindOf(entity, column);
    const { field } = column;
    let value: ExportColumn['value'];
    const { valueNames } = column;
    if (column.pick?.kind === 'ref')
      value = (row) => ((row.$labels as Record<string, string> | undefined)?.[field] ?? asText(row[field]));
    else if (valueNames) {
      // free text used as a key (a seeded category's group, value): its locale name where there is one, once per key
      const texts = new Map<string, string>();
      value = (row) => {
        const key = valueNameKey(entity.name, field, valueNames, row[field], row);
        if (key === null) return asText(row[field]);
        return texts.get(key) ?? texts.set(key, t(key, { defaultValue: String(row[field]) })).get(key)!;
      };
    }
    else if (column.names === 'entity' || column.pick?.kind === 'enum' || column.pick?.kind === 'options') {
      // each value's text is looked up once per export, not once per row: an entity's title, a value's locale name
      // or, for an action's option without one (a party type an administrator added), the action's name of it
      const texts = new Map<string, string>();
      const name = (v: string) =>
        column.names === 'entity'
          ? v === ANY_ENTITY ? t('dataTable.anyEntity') : t(entityTitleKey(v), { defaultValue: v })
          : t(`entities.${entity.name}.enums.${field}.${v}`, { defaultValue: optionNames?.get(field)?.get(v) ?? v });
      const text = (v: string) => texts.get(v) ?? texts.set(v, name(v)).get(v)!;
      value = (row) => (row[field] == null ? null : text(String(row[field])));
    } else {
      const yes = t('dataTable.yes');
      const no = t('dataTable.no');
      value = (row) => (typeof row[field] === 'boolean' ? (row[field] ? yes : no) : asText(row[field]));
    }
    return { column, header: t(column.label), kind, value };
  });
}
