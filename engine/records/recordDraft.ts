/**
 * A record of the execution page as a draft keeps it (engine/formDrafts.ts): the header fields the user types, the
 * items as typed (their number cells as text, written with the decimal point of the language they were typed in)
 * and who was chosen to hold the record. Pure: the data to keep (secrets left out), and that data read back, or
 * null when it is not a record's draft.
 */
import type { JsonSchema, UiSchema } from '../metadata/types';
import { withoutSecretFields } from '../formDrafts';
import { NUMBER_CELLS, type DraftItem, type NumberCell } from './draft';

export interface RecordDraft {
  /** The typed header fields (a cleared one left out). */
  header: Record<string, unknown>;
  /** The grid's rows as typed, blank ones too. */
  items: DraftItem[];
  /** The decimal point the items' cells are written with. */
  point: '.' | ',';
  /** Who is to hold the record after the save (a user id; null frees it); missing: not chosen. */
  assignee?: number | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What a draft keeps of `typed`: of the header only `fields`, and of the items' other fields none that is a secret. */
export function keptRecord(schema: JsonSchema, ui: UiSchema | undefined, fields: readonly string[], typed: RecordDraft): Record<string, unknown> {
  const header = Object.fromEntries(fields.filter((f) => typed.header[f] !== undefined).map((f) => [f, typed.header[f]]));
  const item = schema.properties?.items?.items ?? {};
  const itemUi = (ui?.items as UiSchema | undefined)?.items as UiSchema | undefined;
  const items = typed.items.map((row) => ({ ...row, rest: withoutSecretFields(item, itemUi, row.rest) }));
  return { header: withoutSecretFields(schema, ui, header), items, point: typed.point, ...(typed.assignee !== undefined ? { assignee: typed.assignee } : {}) };
}

function rowOf(v: unknown): DraftItem | null {
  if (!isRecord(v) || typeof v.key !== 'string' || !isRecord(v.cells) || (v.article !== null && typeof v.article !== 'number')) return null;
  const typed = v.cells;
  const cells = Object.fromEntries(NUMBER_CELLS.map((c) => [c, typeof typed[c] === 'string' ? typed[c] : ''])) as Record<NumberCell, string>;
  return { key: v.key, ...(typeof v.id === 'number' ? { id: v.id } : {}), article: v.article, cells, rest: isRecord(v.rest) ? v.rest : {} };
}

/** A kept record read back; null when `data` is not one (another form's draft, a damaged one). */
export function recordOfKept(data: Record<string, unknown>): RecordDraft | null {
  const { header, items, point, assignee } = data;
  if (!isRecord(header) || !Array.isArray(items) || (point !== '.' && point !== ',')) return null;
  const rows = items.map(rowOf);
  if (rows.some((r) => r === null)) return null;
  const chosen = typeof assignee === 'number' || assignee === null ? { assignee } : {};
  return { header, items: rows as DraftItem[], point, ...chosen };
}

/** `header` with the typed `fields` as the draft holds them: one it left out (cleared when typed) is cleared. */
export function withKeptHeader(header: Record<string, unknown>, kept: Record<string, unknown>, fields: readonly string[]): Record<string, unknown> {
  const next = { ...header };
  for (const f of fields) {
    if (kept[f] === undefined) delete next[f];
    else next[f] = kept[f];
  }
  return next;
}
