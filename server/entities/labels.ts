/**
 * The names behind reference columns: a list row shows the referenced row's option label (its entity's
 * `optionLabel`), not its id. One query per reference column for the whole page, by primary key, after the
 * page itself is read: the page queries stay as tuned (entities/list.ts). The page's own rows get `$labels`
 * in place: a list request copied each row once for labels and again for computed values, and at 32 callers those
 * copies were a third of what it allocated (README Performance).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { Documents } from '../documents/types';
import { labelText } from '../../engine/metadata/label';
import { NULL_SORT_KEY } from '../../engine/text/search';
import { layoutOf } from './layout';
import { sortKeySql } from './search';

type Row = Record<string, unknown>;

export async function attachLabels(db: Kysely<any>, docs: Documents, entity: ResolvedEntity, rows: Row[]): Promise<void> {
  const shown = new Set(entity.columns.map((c) => c.field));
  const refs = entity.references.filter((r) => r.site.kind === 'column' && shown.has(r.site.field));
  if (!refs.length || !rows.length) return;
  const labels = new Map<string, Map<unknown, string>>();
  for (const r of refs) {
    const field = r.site.kind === 'column' ? r.site.field : '';
    const ids = [...new Set(rows.map((row) => row[field]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    const target = docs.entity(r.entity);
    const found = await db.selectFrom(layoutOf(target).table).select(['id', ...target.labelFields]).where('id', 'in', ids).execute();
    labels.set(field, new Map(found.map((f) => [f.id, labelText(f, target.labelFields)])));
  }
  for (const row of rows) {
    let own: Record<string, string> | null = null;
    for (const [field, byId] of labels) {
      const label = byId.get(row[field]);
      if (label !== undefined) (own ??= {})[field] = label;
    }
    if (own) row.$labels = own;
  }
}

/**
 * The sort key of a reference column as its rows show it: the referenced row's label fields (entities/list.ts
 * `Ordering.referenceSort`), so a list sorted by Cliente is in the order of the clients' names, not of their ids.
 * One lookup by primary key per row sorted: only when a user sorts by that column. A row without one sorts last.
 */
export function referenceSort(docs: Documents, entity: ResolvedEntity): (field: string) => RawBuilder<unknown> | null {
  const table = layoutOf(entity).table;
  return (field) => {
    const ref = entity.references.find((r) => r.site.kind === 'column' && r.site.field === field);
    if (!ref) return null;
    const target = docs.entity(ref.entity);
    const parts = target.labelFields.map((f) => sql`${sql.ref(`r.${f}`)}::text`);
    const label = sql`concat_ws(' ', ${sql.join(parts)})`;
    const key = sql`(select ${sortKeySql(label)} from ${sql.table(layoutOf(target).table)} as r where r.id = ${sql.ref(`${table}.${field}`)})`;
    return sql`(coalesce(${key}, ${sql.lit(NULL_SORT_KEY)}) collate "C")`;
  };
}
