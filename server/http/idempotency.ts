/**
 * A write sent with an `Idempotency-Key` header (docs/documents.md; the IETF httpapi draft of that name) runs
 * once per key, user and route. The first request claims the key and stores its answer (status and body) in its
 * own transaction, so a crash never keeps a write without its key nor a key without its write (a failed write
 * keeps neither: its retry runs again). A retry gets the stored answer, marked `Idempotent-Replayed: true`, and
 * writes nothing. A twin sent while the first still runs waits for its commit (the claim's unique row), at most
 * WAIT_MS, then 409 SOLICITUD_EN_CURSO. The same key with another body is a client bug: 422
 * SOLICITUD_CLAVE_OTRO_PEDIDO. A key lasts a day; claims sweep expired ones. Without the header, a plain write.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { canonicalJson } from '../../engine/api/requestKeys';
import type { Actor, DocContext, Documents } from '../documents/types';
import { ApiError, badRequest } from './api-error';

const HEADER = 'Idempotency-Key';
const TABLE = 'idempotency_key';
/** How long a key answers its retries (a user retrying the next day means a new submission). */
const KEPT = sql`now() - interval '24 hours'`;
/** A write takes milliseconds: a first attempt still running after this is stuck behind something else. */
const WAIT_MS = 5000;
/** Expired keys removed by one claim (a bounded sweep: the table's index on created_at finds them). */
const SWEEP = 100;

/** What a key's first request answered. */
interface Stored {
  status: number | null;
  response: string | null;
}

interface Claim {
  user_id: number;
  route: string;
  key: string;
}

/** The header's key (a structured-field string may come quoted); null without one, 400 when malformed. */
function keyOf(request: FastifyRequest): string | null {
  const raw = request.headers[HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const key = String(raw).trim().replace(/^"(.*)"$/, '$1');
  if (!/^[\x21-\x7e]{1,255}$/.test(key)) throw badRequest('BAD_REQUEST', [{ field: HEADER, code: 'pattern' }]);
  return key;
}

const isLockTimeout = (err: unknown) => (err as { code?: unknown } | null)?.code === '55P03';

/**
 * Claims the key, or answers what its first request stored. Waiting on a twin's uncommitted claim is bounded by
 * a lock_timeout set for this statement only (the write's own locks wait as they always did).
 */
async function claim(trx: Kysely<any>, id: Claim, fingerprint: string): Promise<Stored | null> {
  const { rows } = await sql<{ before: string }>`select current_setting('lock_timeout') as before, set_config('lock_timeout', ${String(WAIT_MS)}, true)`.execute(trx);
  let won: unknown;
  try {
    won = await trx
      .insertInto(TABLE)
      .values({ ...id, fingerprint })
      // an expired key is claimed anew
      .onConflict((oc) => oc.columns(['user_id', 'route', 'key']).doUpdateSet({ fingerprint, status: null, response: null, created_at: sql`now()` }).where(`${TABLE}.created_at`, '<', KEPT))
      .returning('id')
      .executeTakeFirst();
  } catch (err) {
    if (isLockTimeout(err)) throw new ApiError(409, 'SOLICITUD_EN_CURSO', [{ field: HEADER, code: 'SOLICITUD_EN_CURSO' }]);
    throw err;
  }
  await sql`select set_config('lock_timeout', ${rows[0].before}, true)`.execute(trx);
  if (won) {
    await sql`delete from ${sql.table(TABLE)} where id in (select id from ${sql.table(TABLE)} where created_at < ${KEPT} limit ${SWEEP} for update skip locked)`.execute(trx);
    return null;
  }
  const stored = await trx.selectFrom(TABLE).select(['fingerprint', 'status', 'response']).where('user_id', '=', id.user_id).where('route', '=', id.route).where('key', '=', id.key).executeTakeFirstOrThrow();
  if (stored.fingerprint !== fingerprint) throw new ApiError(422, 'SOLICITUD_CLAVE_OTRO_PEDIDO', [{ field: HEADER, code: 'SOLICITUD_CLAVE_OTRO_PEDIDO' }]);
  return stored;
}

/**
 * Runs `work` in one transaction of `actor`, once per Idempotency-Key: answers its result, or the reply already
 * sent with a stored answer. `work`'s result is the answer's body (JSON).
 */
export async function writeOnce<T>(request: FastifyRequest, reply: FastifyReply, docs: Documents, actor: Actor, work: (ctx: DocContext) => Promise<T>): Promise<T | FastifyReply> {
  const key = keyOf(request);
  if (key === null || actor.id === null) return docs.transaction(actor, request.log, work);
  const id: Claim = { user_id: actor.id, route: request.url.split('?')[0].replace(/\/+$/, ''), key };
  const fingerprint = createHash('sha256').update(canonicalJson(request.body ?? {})).digest('hex');
  const outcome = await docs.transaction<{ result: T } | { stored: Stored }>(actor, request.log, async (ctx) => {
    const stored = await claim(ctx.trx, id, fingerprint);
    if (stored) return { stored };
    const result = await work(ctx);
    await ctx.trx.updateTable(TABLE).set({ status: reply.statusCode, response: JSON.stringify(result) }).where('user_id', '=', id.user_id).where('route', '=', id.route).where('key', '=', id.key).execute();
    // inserted and updated: the embedded database's upkeep vacuums the table like any other it writes
    ctx.unit?.touched.set(TABLE, (ctx.unit.touched.get(TABLE) ?? 0) + 2);
    return { result };
  });
  if ('result' in outcome) return outcome.result;
  return reply.code(outcome.stored.status ?? 200).header('idempotent-replayed', 'true').type('application/json; charset=utf-8').send(outcome.stored.response ?? undefined);
}
