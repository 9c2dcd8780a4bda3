/**
 * The names behind reference columns: a list row shows the referenced row's option label (its entity's
 * `optionLabel`), not its id. One query per reference column for the whole page, by primary key, after the
 * page itself is read: the page queries stay as tuned (entities/list.ts). The page's own rows get `$labels`
 * in place: a list request copied each row once for labels and again for computed values, and at 32 callers those
 * copies were a third of what it allocated (README Performance).
 * A label is written in the caller's `lang` by engine/metadata/label.ts `rowLabel` (a day as dd/mm/yyyy, as the list's
 * own cells): a list's rows and its export's file read the same.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { Documents } from '../documents/types';
import { rowLabel } from '../../engine/metadata/label';
import { NULL_SORT_KEY } from '../../engine/text/search';
import { layoutOf } from './layout';
import { sortKeySql } from './search';

type Row = Record<string, unknown>;

export async function attachLabels(db: Kysely<any>, docs: Documents, entity: ResolvedEntity, rows: Row[], lang: string): Promise<void> {
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
    const label = rowLabel(target, lang);
    labels.set(field, new Map(found.map((f) => [f.id, label(f)])));
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

/** How a list sorted by a reference column is read: the referenced rows' sort keys joined once, and the key. */
export interface ReferenceOrder {
  /** The sort key (a row without a referenced row sorts last). */
  key: RawBuilder<unknown>;
  /** The entity's table with the referenced rows' keys joined (`$ref`: `$id`, `$k`, names no field can have). */
  join<Q>(query: Q): Q;
}

/**
 * The sort key of a reference column as its rows show it: the referenced row's label fields (entities/list.ts
 * `Ordering.referenceSort`), so a list sorted by Cliente is in the order of the clients' names, not of their ids.
 * The referenced table's keys are joined to the rows (a hash join): a key looked up per row took 1.7 s for a page
 * of 1,000,000 articles sorted by category, the join 0.13 s.
 */
export function referenceSort(docs: Documents, entity: ResolvedEntity): (field: string) => ReferenceOrder | null {
  const table = layoutOf(entity).table;
  return (field) => {
    const ref = entity.references.find((r) => r.site.kind === 'column' && r.site.field === field);
    if (!ref) return null;
    const target = docs.entity(ref.entity);
    const parts = target.labelFields.map((f) => sql`${sql.ref(`r.${f}`)}::text`);
    const keys = sql`(select r.id as "$id", ${sortKeySql(sql`concat_ws(' ', ${sql.join(parts)})`)} as "$k" from ${sql.table(layoutOf(target).table)} as r)`;
    return {
      key: sql`(coalesce(${sql.ref('$ref.$k')}, ${sql.lit(NULL_SORT_KEY)}) collate "C")`,
      join: <Q>(query: Q) => (query as any).leftJoin(keys.as('$ref'), (j: any) => j.onRef('$ref.$id', '=', `${table}.${field}`)) as Q,
    };
  };
}
