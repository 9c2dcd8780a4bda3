/**
 * A listed row as the cells of an export, typed: numbers stay numbers (their exact decimal text in CSV),
 * dates are dates, references show their referenced row's label, enums and yes/no their texts in the
 * user's language — what the table shows, without its truncation.
 */
import type { TFunction } from 'i18next';
import { entityTitleKey, type ResolvedColumn, type ResolvedEntity } from '../../engine/metadata/resolve';

/** The origin of a subscription to every entity (widgets/DataTable/valueText ANY_ENTITY). */
const ANY_ENTITY = '*';
import { storedField } from '../entities/layout';

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

export function exportColumns(entity: ResolvedEntity, columns: readonly ResolvedColumn[], t: TFunction): ExportColumn[] {
  return columns.map((column) => {
    const kind = kindOf(entity, column);
    const { field } = column;
    let value: ExportColumn['value'];
    if (column.pick?.kind === 'ref')
      value = (row) => ((row.$labels as Record<string, string> | undefined)?.[field] ?? asText(row[field]));
    else if (column.names === 'entity' || column.pick?.kind === 'enum' || column.pick?.kind === 'options') {
      // each value's text is looked up once per export, not once per row: an entity's title, a value's locale name
      // (an action's option without one, e.g. a party type an administrator added, shows its value)
      const texts = new Map<string, string>();
      const name = (v: string) =>
        column.names === 'entity'
          ? v === ANY_ENTITY ? t('dataTable.anyEntity') : t(entityTitleKey(v), { defaultValue: v })
          : t(`entities.${entity.name}.enums.${field}.${v}`, { defaultValue: v });
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
