/**
 * The one write pipeline of every entity (issue 9). A save, update or patch runs, in the caller's transaction:
 *
 *   previous (locked) -> the schema's defaults (a new record) -> normalize -> schema validation -> references, uniqueness, the entity's rules
 *   (schemas/<entity>/rules.ts) and its `validate` -> `derive` (computed fields) -> write (child rows by id)
 *   -> `afterWrite` -> subscribers (audit, outbox, and any other) -> present
 *
 * A delete: previous (locked) -> `beforeRemove` -> the rows that reference it (restrict / cascade / setNull)
 * -> delete -> `afterRemove` -> subscribers. Field errors answer 400 VALIDATION_FAILED; an error with a code
 * of its own (a reference or unique rule's `code`, or one the entity returns) answers 406 with that code and
 * every field error. Nothing is written unless everything passes.
 */
import { sql } from 'kysely';
import { isErrorCode, type FieldError } from '../../engine/errors';
import { withDefaults } from '../../engine/metadata/defaults';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { validateRecord } from '../../engine/validation/fieldErrors';
import { ApiError, badRequest, forbidden, notFound } from '../http/api-error';
import { rangeErrors } from '../entities/input';
import { layoutOf } from '../entities/layout';
import { splitChildIds } from './childIds';
import { checkReferences, settleReferencesTo } from './references';
import { reindexReferrers } from '../entities/search-index';
import { deleteRecord, insertRecord, loadRecord, replaceRecord, type ChildCounts } from './store';
import { REMOVE_ACTION, type Data, type DocContext, type EntityServer, type StoredRecord, type UnitOfWork, type WriteArgs, type WriteKind } from './types';
import { checkUnique } from './unique';
import type { EntityRules } from '../../engine/metadata/rules';

/** Errors a response carries at most (a huge list of bad child rows would make a huge answer). */
const MAX_ERRORS = 100;

/** What the pipeline needs of the service. */
export interface PipelineDeps {
  server(entity: ResolvedEntity): EntityServer;
  rules(entity: ResolvedEntity): EntityRules | undefined;
  /** Audit, outbox and every other subscriber of this write. */
  notify(event: { entity: ResolvedEntity; action: string; id: number | null; record: StoredRecord | null; previous: StoredRecord | null; body?: unknown; ctx: DocContext }): Promise<void>;
  present(entity: ResolvedEntity, record: StoredRecord, ctx: DocContext): Promise<StoredRecord>;
}

/** Schema errors, then integers out of the column range (in the record and in its child rows). */
export function recordErrors(entity: ResolvedEntity, data: Data): FieldError[] {
  const errors = validateRecord(entity.schema, data);
  const layout = layoutOf(entity);
  const range = rangeErrors(layout, data);
  for (const child of layout.children) {
    const items = data[child.name];
    if (Array.isArray(items))
      items.forEach((item, i) => {
        if (item && typeof item === 'object') range.push(...rangeErrors(child, item as Data, `${child.name}.${i}.`));
      });
  }
  const flagged = new Set(errors.map((e) => e.field));
  errors.push(...range.filter((e) => !flagged.has(e.field)));
  return errors;
}

/** `doc` as validated: its server-owned fields as sent, so `normalize`'s own value never hides a bad one. */
function asSent(doc: Data, input: Data, owned: readonly string[] = []): Data {
  const sent = owned.filter((f) => input[f] !== undefined);
  return sent.length ? { ...doc, ...Object.fromEntries(sent.map((f) => [f, input[f]])) } : doc;
}

/** Throws for `errors`: 406 with the first own code among them, else 400 VALIDATION_FAILED. */
export function refuse(errors: FieldError[]): void {
  if (!errors.length) return;
  const coded = errors.find((e) => isErrorCode(e.code));
  const listed = coded ? [...errors.filter((e) => e.code === coded.code), ...errors.filter((e) => e.code !== coded.code)] : errors;
  if (coded) throw new ApiError(406, coded.code as never, listed.slice(0, MAX_ERRORS));
  throw badRequest('VALIDATION_FAILED', listed.slice(0, MAX_ERRORS));
}

export function unitOf(ctx: DocContext): UnitOfWork {
  if (!ctx.unit) throw new Error('this context only reads: writes need docs.transaction(...)');
  return ctx.unit;
}

/**
 * Runs one write; a write nested in another (from a hook) runs in a savepoint, so when it fails its part is
 * undone and the error reaches the caller, whose transaction then fails too unless it handles the error.
 */
export async function nested<T>(ctx: DocContext, fn: () => Promise<T>): Promise<T> {
  const unit = unitOf(ctx);
  if (unit.depth === 0) {
    unit.depth++;
    try {
      return await fn();
    } finally {
      unit.depth--;
    }
  }
  const name = sql.raw(`doc_write_${++unit.savepoints}`);
  const auditMark = unit.audit.length;
  await sql`savepoint ${name}`.execute(ctx.trx);
  unit.depth++;
  try {
    const result = await fn();
    await sql`release savepoint ${name}`.execute(ctx.trx);
    return result;
  } catch (err) {
    await sql`rollback to savepoint ${name}`.execute(ctx.trx).catch(() => {});
    unit.audit.length = auditMark;
    throw err;
  } finally {
    unit.depth--;
  }
}

const touch = (unit: UnitOfWork, table: string, n = 1) => unit.touched.set(table, (unit.touched.get(table) ?? 0) + n);

function touchAll(unit: UnitOfWork, table: string, children: ChildCounts) {
  touch(unit, table);
  for (const [t, n] of children) touch(unit, t, n);
}

/** The stored record as a patch's starting point: its fields and child rows, without id and version. */
function merged(previous: StoredRecord, changes: Data): Data {
  const { id: _id, version: _version, ...rest } = previous;
  const out: Data = { ...rest };
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === undefined) delete out[k];
    else out[k] = v;
  }
  return out;
}

export async function write(
  deps: PipelineDeps,
  ctx: DocContext,
  entity: ResolvedEntity,
  kind: WriteKind,
  id: number | null,
  data: Data,
  version?: number,
): Promise<StoredRecord> {
  return nested(ctx, async () => {
    const unit = unitOf(ctx);
    const server = deps.server(entity);
    if (server.coreTable) throw forbidden();
    let previous: StoredRecord | null = null;
    if (id !== null) {
      previous = await loadRecord(ctx.trx, entity, id, true);
      if (!previous) throw notFound();
      if (version !== undefined && previous.version !== version) throw new ApiError(409, 'VERSION_CONFLICT');
    }
    // a new record holds its schema's defaults where the caller said nothing, as the form would have shown them
    const input = kind === 'patch' && previous ? merged(previous, data) : kind === 'insert' ? withDefaults(entity.schema, data) : data;
    const base: WriteArgs = { entity, kind, doc: input, previous, id, ctx };
    const normal = server.normalize ? server.normalize(base) : input;

    const split = splitChildIds(entity, normal, previous);
    refuse([...split.errors, ...recordErrors(entity, asSent(split.bare, input, server.serverOwned))].slice(0, MAX_ERRORS));
    const doc = split.withIds;
    const args: WriteArgs = { ...base, doc };
    const errors = [
      ...(await checkReferences(ctx, entity, doc, id)),
      ...(await checkUnique(ctx.trx, entity, doc, id, previous)),
      ...(deps.rules(entity)?.(split.bare) ?? []),
    ];
    errors.push(...((await server.validate?.(args)) ?? []));
    refuse(errors);

    const derived = server.derive ? await server.derive(args) : doc;
    const row = server.stored ? server.stored(derived) : derived;
    let recordId: number;
    if (previous) {
      touchAll(unit, entity.name, await replaceRecord(ctx.trx, entity, previous, row, ctx.actor.id));
      recordId = previous.id;
      // rows that are searched by this one's label (records by their client's name) follow a new label
      if (entity.labelFields.some((f) => String(previous![f] ?? '') !== String(row[f] ?? '')))
        for (const [table, n] of await reindexReferrers(ctx.trx, ctx.docs.entities(), entity, recordId)) touch(unit, table, n);
    } else {
      const inserted = await insertRecord(ctx.trx, entity, row, ctx.actor.id);
      touchAll(unit, entity.name, inserted.children);
      recordId = inserted.id;
    }
    const stored = (await loadRecord(ctx.trx, entity, recordId))!;
    await server.afterWrite?.({ ...args, doc: derived, id: recordId, stored });
    await deps.notify({ entity, action: kind, id: recordId, record: stored, previous, ctx });
    return deps.present(entity, stored, ctx);
  });
}

export async function remove(deps: PipelineDeps, ctx: DocContext, entity: ResolvedEntity, id: number): Promise<void> {
  await nested(ctx, async () => {
    const server = deps.server(entity);
    if (server.coreTable) throw forbidden();
    const previous = await loadRecord(ctx.trx, entity, id, true);
    if (!previous) throw notFound();
    await server.beforeRemove?.({ entity, previous, ctx });
    await settleReferencesTo(ctx, entity, id);
    await deleteRecord(ctx.trx, entity, id);
    touch(unitOf(ctx), entity.name);
    await server.afterRemove?.({ entity, previous, ctx });
    await deps.notify({ entity, action: REMOVE_ACTION, id, record: null, previous, ctx });
  });
}
