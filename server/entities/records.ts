/**
 * Reading and writing one record with its child rows. Writers take a transaction: the row and its children
 * are saved together or not at all. Records leave the server as `{ id, version, ...fields, ...children }`
 * with empty (null) fields left out, so a record shown can be sent back to update unchanged.
 */
import type { Kysely, Transaction } from 'kysely';
import type { StoredRecord } from '../../engine/api/entityApi';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { ApiError, notFound } from '../http/api-error';
import { layoutOf, type TableLayout } from './layout';

type Db = Kysely<any> | Transaction<any>;
type Row = Record<string, unknown>;

/** Values for the columns of a table; absent fields become null (a full replace). */
function columnValues(layout: TableLayout, data: Row): Row {
  const out: Row = {};
  for (const f of layout.fields) {
    const v = data[f.name];
    out[f.name] = v === undefined || v === null ? null : f.sqlType === 'jsonb' ? JSON.stringify(v) : v;
  }
  return out;
}

function fieldsOf(layout: TableLayout, row: Row): Row {
  const out: Row = {};
  for (const f of layout.fields) if (row[f.name] !== null && row[f.name] !== undefined) out[f.name] = row[f.name];
  return out;
}

/** Most rows one insert statement carries (PostgreSQL takes at most 65535 parameters). */
const batchSize = (layout: TableLayout) => Math.max(1, Math.floor(30_000 / (layout.fields.length + 2)));

async function writeChildren(trx: Transaction<any>, entity: ResolvedEntity, parentId: number, data: Row) {
  for (const child of layoutOf(entity).children) {
    await trx.deleteFrom(child.table).where('parent_id', '=', parentId).execute();
    const items = Array.isArray(data[child.name]) ? (data[child.name] as Row[]) : [];
    const rows = items.map((item, position) => ({ parent_id: parentId, position, ...columnValues(child, item) }));
    const size = batchSize(child);
    for (let i = 0; i < rows.length; i += size) await trx.insertInto(child.table).values(rows.slice(i, i + size)).execute();
  }
}

export async function loadRecord(db: Db, entity: ResolvedEntity, id: number): Promise<StoredRecord | null> {
  const layout = layoutOf(entity);
  const row = await db
    .selectFrom(layout.table)
    .select(['id', 'version', ...layout.fields.map((f) => f.name)])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const record: StoredRecord = { id: row.id, version: row.version, ...fieldsOf(layout, row) };
  for (const child of layout.children) {
    const items = await db
      .selectFrom(child.table)
      .select(child.fields.map((f) => f.name))
      .where('parent_id', '=', id)
      .orderBy('position')
      .orderBy('id')
      .execute();
    record[child.name] = items.map((item) => fieldsOf(child, item));
  }
  return record;
}

export async function insertRecord(trx: Transaction<any>, entity: ResolvedEntity, data: Row, userId: number): Promise<StoredRecord> {
  const layout = layoutOf(entity);
  const { id } = await trx
    .insertInto(layout.table)
    .values({ ...columnValues(layout, data), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeChildren(trx, entity, id, data);
  return (await loadRecord(trx, entity, id))!;
}

/** 404 when the record is gone, 409 VERSION_CONFLICT when it changed since `version`. */
async function missingOrStale(trx: Transaction<any>, table: string, id: number): Promise<never> {
  const exists = await trx.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst();
  throw exists ? new ApiError(409, 'VERSION_CONFLICT') : notFound();
}

/** Replaces every field and child row of record `id` if it is still at `version`; bumps the version. */
export async function replaceRecord(
  trx: Transaction<any>,
  entity: ResolvedEntity,
  id: number,
  version: number,
  data: Row,
  userId: number,
): Promise<StoredRecord> {
  const layout = layoutOf(entity);
  const updated = await trx
    .updateTable(layout.table)
    .set((eb) => ({ ...columnValues(layout, data), version: eb('version', '+', 1), updated_at: new Date(), updated_by: userId }))
    .where('id', '=', id)
    .where('version', '=', version)
    .returning('id')
    .executeTakeFirst();
  if (!updated) return missingOrStale(trx, layout.table, id);
  await writeChildren(trx, entity, id, data);
  return (await loadRecord(trx, entity, id))!;
}

/** Sets one column (inline edit); bumps the version. 404 when the record is missing. */
export async function updateField(
  trx: Transaction<any>,
  entity: ResolvedEntity,
  id: number,
  field: string,
  value: unknown,
  userId: number,
): Promise<StoredRecord> {
  const layout = layoutOf(entity);
  const f = layout.fields.find((x) => x.name === field)!;
  const stored = value === undefined || value === null ? null : f.sqlType === 'jsonb' ? JSON.stringify(value) : value;
  const updated = await trx
    .updateTable(layout.table)
    .set((eb) => ({ [field]: stored, version: eb('version', '+', 1), updated_at: new Date(), updated_by: userId }))
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  if (!updated) throw notFound();
  return (await loadRecord(trx, entity, id))!;
}

export async function deleteRecord(db: Db, entity: ResolvedEntity, id: number): Promise<boolean> {
  const res = await db.deleteFrom(layoutOf(entity).table).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}
