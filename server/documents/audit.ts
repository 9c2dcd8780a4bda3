/**
 * The audit log (core table audit_log): one row per insert, update, patch, delete and writing action of
 * every entity — who, when, entity, id, action, and what changed (./diff.ts) — chained by SHA-256: each row's
 * hash covers its content and the previous row's hash, so editing or removing a row breaks the chain from
 * there on (`verifyAudit`).
 *
 * Rows are collected while a transaction runs and appended just before it commits, under a transaction-wide
 * advisory lock: the chain needs one order, and holding the lock only from the append to the commit keeps
 * other writers waiting for milliseconds, not for the whole write. A rolled-back write leaves no row.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Actor, AuditEntry } from './types';

const AUDIT_LOCK = 727_201;
export const GENESIS = '0'.repeat(64);
const VERIFY_BATCH = 1000;

/** JSON with object keys sorted, so equal content hashes equally whatever the key order the database gives. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

interface Chained {
  at: string;
  user_id: number | null;
  username: string;
  entity: string;
  record_id: number | null;
  action: string;
  changes: unknown;
}

export function auditHash(prev: string, row: Chained): string {
  const content = canonicalJson([row.at, row.user_id, row.username, row.entity, row.record_id, row.action, row.changes]);
  return createHash('sha256').update(`${prev}\n${content}`).digest('hex');
}

/** Appends the entries of a transaction to the chain; call inside that transaction, just before it commits. */
export async function appendAudit(trx: Kysely<any>, actor: Actor, entries: readonly AuditEntry[]): Promise<void> {
  if (!entries.length) return;
  await sql`select pg_advisory_xact_lock(${sql.lit(AUDIT_LOCK)})`.execute(trx);
  const last = await trx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
  let prev = (last?.hash as string | undefined) ?? GENESIS;
  const at = new Date().toISOString();
  const rows = entries.map((e) => {
    const row: Chained = { at, user_id: actor.id, username: actor.username, entity: e.entity, record_id: e.recordId, action: e.action, changes: e.changes ?? {} };
    const hash = auditHash(prev, row);
    const out = { ...row, changes: canonicalJson(row.changes), prev_hash: prev, hash };
    prev = hash;
    return out;
  });
  for (let i = 0; i < rows.length; i += 500) await trx.insertInto('audit_log').values(rows.slice(i, i + 500)).execute();
}

export interface AuditVerdict {
  ok: boolean;
  /** Rows checked. */
  rows: number;
  /** The first row whose hash or link does not hold. */
  brokenAt?: number;
  reason?: 'hash' | 'link';
}

const iso = (v: unknown) => (v instanceof Date ? v : new Date(String(v))).toISOString();

/** Walks the whole chain in id order. */
export async function verifyAudit(db: Kysely<any>): Promise<AuditVerdict> {
  let prev = GENESIS;
  let after = 0;
  let rows = 0;
  for (;;) {
    const batch = await db.selectFrom('audit_log').selectAll().where('id', '>', after).orderBy('id').limit(VERIFY_BATCH).execute();
    for (const r of batch) {
      const id = Number(r.id);
      if (r.prev_hash !== prev) return { ok: false, rows, brokenAt: id, reason: 'link' };
      const changes = typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes;
      const expected = auditHash(prev, { at: iso(r.at), user_id: r.user_id, username: r.username, entity: r.entity, record_id: r.record_id, action: r.action, changes });
      if (expected !== r.hash) return { ok: false, rows, brokenAt: id, reason: 'hash' };
      prev = r.hash;
      rows++;
      after = id;
    }
    if (batch.length < VERIFY_BATCH) return { ok: true, rows };
  }
}

export interface AuditRow {
  id: number;
  at: string;
  username: string;
  action: string;
  changes: unknown;
}

/** A record's history, newest first. */
export async function auditHistory(db: Kysely<any>, entity: string, recordId: number, offset: number, max: number): Promise<{ total: number; rows: AuditRow[] }> {
  const base = db.selectFrom('audit_log').where('entity', '=', entity).where('record_id', '=', recordId);
  const { total } = await base.select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total')).executeTakeFirstOrThrow();
  const rows = await base.select(['id', 'at', 'username', 'action', 'changes']).orderBy('id', 'desc').offset(offset).limit(max).execute();
  return {
    total,
    rows: rows.map((r) => ({ id: Number(r.id), at: iso(r.at), username: r.username, action: r.action, changes: typeof r.changes === 'string' ? JSON.parse(r.changes) : r.changes })),
  };
}
