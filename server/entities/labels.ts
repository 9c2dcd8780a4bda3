/**
 * The names behind reference columns: a list row shows the referenced row's option label (its entity's
 * `optionLabel`), not its id. One query per reference column for the whole page, by primary key, after the
 * page itself is read: the page queries stay as tuned (entities/list.ts).
 */
import type { Kysely } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { Documents } from '../documents/types';
import { labelText } from '../../engine/metadata/label';
import { layoutOf } from './layout';

type Row = Record<string, unknown>;

export async function attachLabels(db: Kysely<any>, docs: Documents, entity: ResolvedEntity, rows: Row[]): Promise<Row[]> {
  const shown = new Set(entity.columns.map((c) => c.field));
  const refs = entity.references.filter((r) => r.site.kind === 'column' && shown.has(r.site.field));
  if (!refs.length || !rows.length) return rows;
  const labels = new Map<string, Map<unknown, string>>();
  for (const r of refs) {
    const field = r.site.kind === 'column' ? r.site.field : '';
    const ids = [...new Set(rows.map((row) => row[field]).filter((v): v is number => typeof v === 'number'))];
    if (!ids.length) continue;
    const target = docs.entity(r.entity);
    const found = await db.selectFrom(layoutOf(target).table).select(['id', ...target.labelFields]).where('id', 'in', ids).execute();
    labels.set(field, new Map(found.map((f) => [f.id, labelText(f, target.labelFields)])));
  }
  return rows.map((row) => {
    const own: Record<string, string> = {};
    for (const [field, byId] of labels) if (byId.has(row[field])) own[field] = byId.get(row[field])!;
    return Object.keys(own).length ? { ...row, $labels: own } : row;
  });
}
