/**
 * The rows of one record: its table row and its child rows. Records leave here as
 * `{ id, version, ...fields, ...children }` with empty (null) fields left out, each child row with its `id`,
 * so a record shown can be sent back unchanged. Child rows keep their ids across updates: a row sent back
 * with its id is updated in place (only when something in it changed), a row without one is added, a row
 * left out is deleted. Positions are kept 0..n-1 in the order sent.
 * Only the pipeline (./pipeline.ts) calls the writers.
 */
import { sql, type Kysely } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { layoutOf, type TableLayout } from '../entities/layout';
import { keepsTokens, recordSearchText, SEARCH_COLUMN, searchPaths, tokenTable, type ReferenceTexts } from '../entities/search';
import { searchWords } from '../../engine/text/search';
import { forgetRow, indexRow, recordVector, referenceSites, referenceTexts } from '../entities/search-index';
import type { Data, StoredRecord } from './types';

type Db = Kysely<any>;

/** Values for the columns of a table; absent fields become null (a full replace). */
function columnValues(layout: TableLayout, data: Data): Data {
  const out: Data = {};
  for (const f of layout.fields) {
    const v = data[f.name];
    out[f.name] = v === undefined || v === null ? null : f.sqlType === 'jsonb' ? JSON.stringify(v) : v;
  }
  return out;
}

function fieldsOf(layout: TableLayout, row: Data): Data {
  const out: Data = {};
  for (const f of layout.fields) if (row[f.name] !== null && row[f.name] !== undefined) out[f.name] = row[f.name];
  return out;
}

/** The row's search words (server/entities/search-index.ts), written with the row itself. */
const searchValue = (entity: ResolvedEntity, data: Data, references: ReferenceTexts): Data =>
  searchPaths(entity).length ? { [SEARCH_COLUMN]: recordVector(entity, data, references) } : {};

/** Most rows one insert statement carries (PostgreSQL takes at most 65535 parameters). */
const batchSize = (layout: TableLayout) => Math.max(1, Math.floor(30_000 / (layout.fields.length + 2)));

/**
 * The record and its child rows in one statement (a round trip per child table made every save of a record
 * with an activity and a flow cost eight): each child table comes as a JSON array, in position order.
 */
export async function loadRecord(db: Db, entity: ResolvedEntity, id: number, lock = false): Promise<StoredRecord | null> {
  const layout = layoutOf(entity);
  let query = db
    .selectFrom(layout.table)
    .select(['id', 'version', ...layout.fields.map((f) => f.name)])
    .select(
      layout.children.map((child, i) => {
        const columns = sql.join(['id', 'position', ...child.fields.map((f) => f.name)].map((c) => sql.ref(`c.${c}`)));
        return sql`(select coalesce(json_agg(json_build_array(${columns}) order by c."position", c.id), '[]'::json) from ${sql.table(child.table)} c where c.parent_id = ${sql.ref(`${layout.table}.id`)})`.as(`$child${i}`);
      }),
    )
    .where('id', '=', id);
  if (lock) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  if (!row) return null;
  const record: StoredRecord = { id: row.id, version: row.version, ...fieldsOf(layout, row) };
  layout.children.forEach((child, i) => {
    // each row as an array (id, position, fields…): no key of a field can clash with the JSON's own
    const items = (row[`$child${i}`] ?? []) as unknown[][];
    record[child.name] = items.map((values) => {
      const item: Data = {};
      child.fields.forEach((f, j) => (item[f.name] = values[j + 2]));
      return { id: values[0], ...fieldsOf(child, item) };
    });
  });
  return record;
}

const sameValues = (a: Data, b: Data) => Object.keys(a).every((k) => a[k] === b[k]);

/** Rows changed per child table, for the upkeep. */
export type ChildCounts = Map<string, number>;

/**
 * Brings the child rows of `parentId` in line with `data`. `previous` holds the stored rows (with ids);
 * every id in `data` is one of them (the pipeline checked). Answers the rows changed per table.
 */
async function writeChildren(trx: Db, entity: ResolvedEntity, parentId: number, data: Data, previous: StoredRecord | null): Promise<ChildCounts> {
  const counts: ChildCounts = new Map();
  for (const child of layoutOf(entity).children) {
    const items = Array.isArray(data[child.name]) ? (data[child.name] as Data[]) : [];
    const before = new Map<number, { position: number; values: Data }>();
    ((previous?.[child.name] as Data[] | undefined) ?? []).forEach((row, position) =>
      before.set(row.id as number, { position, values: columnValues(child, row) }),
    );
    const kept = new Set(items.map((i) => i.id).filter((x): x is number => typeof x === 'number'));
    const gone = [...before.keys()].filter((id) => !kept.has(id));
    let changed = gone.length;
    if (gone.length) await trx.deleteFrom(child.table).where('parent_id', '=', parentId).where('id', 'in', gone).execute();
    const added: Data[] = [];
    const updated: { id: number; position: number; values: Data; item: Data }[] = [];
    for (const [position, item] of items.entries()) {
      const values = columnValues(child, item);
      const old = typeof item.id === 'number' ? before.get(item.id) : undefined;
      if (!old) added.push({ parent_id: parentId, position, ...values });
      else if (old.position !== position || !sameValues(old.values, values)) updated.push({ id: item.id as number, position, values, item });
    }
    if (updated.length === 1) {
      const [u] = updated;
      await trx.updateTable(child.table).set({ position: u.position, ...u.values }).where('id', '=', u.id).execute();
    } else if (updated.length) await updateRows(trx, child, parentId, updated);
    changed += updated.length;
    const size = batchSize(child);
    for (let i = 0; i < added.length; i += size) await trx.insertInto(child.table).values(added.slice(i, i + size)).execute();
    changed += added.length;
    if (changed) counts.set(child.table, changed);
  }
  return counts;
}

/**
 * Many changed child rows in one statement (a record of 50 items edited: one write, not 50): the rows travel
 * as one JSON parameter, typed by the table's columns.
 */
async function updateRows(trx: Db, child: TableLayout, parentId: number, rows: { id: number; position: number; item: Data }[]): Promise<void> {
  const defs = [sql`"id" integer`, sql`"position" integer`, ...child.fields.map((f) => sql`${sql.id(f.name)} ${sql.raw(f.sqlType)}`)];
  const sets = [sql`"position" = v."position"`, ...child.fields.map((f) => sql`${sql.id(f.name)} = v.${sql.id(f.name)}`)];
  const json = rows.map(({ id, position, item }) => {
    const out: Data = { id, position };
    for (const f of child.fields) out[f.name] = item[f.name] ?? null;
    return out;
  });
  const size = batchSize(child);
  for (let i = 0; i < json.length; i += size)
    await sql`update ${sql.table(child.table)} as t set ${sql.join(sets)} from jsonb_to_recordset(${JSON.stringify(json.slice(i, i + size))}::jsonb) as v(${sql.join(defs)}) where t."id" = v."id" and t."parent_id" = ${parentId}`.execute(trx);
}

export async function insertRecord(trx: Db, entity: ResolvedEntity, data: Data, userId: number | null): Promise<{ id: number; children: ChildCounts }> {
  const layout = layoutOf(entity);
  const references = await referenceTexts(trx, entity, data);
  const { id } = await trx
    .insertInto(layout.table)
    .values({ ...columnValues(layout, data), ...searchValue(entity, data, references), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const children = await writeChildren(trx, entity, id, data, null);
  count(children, tokenTable(layout.table), await indexRow(trx, entity, id));
  return { id, children };
}

const count = (counts: ChildCounts, table: string, n: number) => {
  if (n) counts.set(table, (counts.get(table) ?? 0) + n);
};

/**
 * Do two states of a record make the same search tokens (the same words and sort value)? Then they stay. A
 * reference searched by names the same label while it names the same row (a renamed one redid its referrers).
 */
async function sameTokens(trx: Db, entity: ResolvedEntity, a: Data, b: Data, references: ReferenceTexts): Promise<boolean> {
  if (!keepsTokens(entity)) return true;
  const sort = entity.sort.field;
  if ((a[sort] ?? null) !== (b[sort] ?? null)) return false;
  const same = referenceSites(entity).every((site) => (a[site.field] ?? null) === (b[site.field] ?? null));
  const before = same ? references : await referenceTexts(trx, entity, a);
  return searchWords(recordSearchText(entity, a, before)).join(' ') === searchWords(recordSearchText(entity, b, references)).join(' ');
}

/**
 * Replaces every field and brings the child rows in line; bumps the version. The row is locked (pipeline).
 * Its search tokens are rewritten only when its words or sort value change (a sequence taking a number, a
 * record moving along its flow: two round trips saved).
 */
export async function replaceRecord(trx: Db, entity: ResolvedEntity, previous: StoredRecord, data: Data, userId: number | null): Promise<ChildCounts> {
  const layout = layoutOf(entity);
  const references = await referenceTexts(trx, entity, data);
  const tokensStay = await sameTokens(trx, entity, previous, data, references);
  const forgotten = tokensStay ? 0 : await forgetRow(trx, entity, previous.id);
  await trx
    .updateTable(layout.table)
    .set((eb) => ({ ...columnValues(layout, data), ...searchValue(entity, data, references), version: eb('version', '+', 1), updated_at: new Date(), updated_by: userId }))
    .where('id', '=', previous.id)
    .execute();
  const children = await writeChildren(trx, entity, previous.id, data, previous);
  if (!tokensStay) count(children, tokenTable(layout.table), forgotten + (await indexRow(trx, entity, previous.id)));
  return children;
}

/** Child rows go with their parent (on delete cascade); its search tokens are removed first. */
export async function deleteRecord(trx: Db, entity: ResolvedEntity, id: number): Promise<void> {
  await forgetRow(trx, entity, id);
  await trx.deleteFrom(layoutOf(entity).table).where('id', '=', id).execute();
}
