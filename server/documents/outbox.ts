/**
 * The event outbox (core table outbox_event): every write adds one event row — entity, id, action, payload —
 * in the writer's transaction, so an event exists exactly when its write committed. Delivery (web hooks,
 * mail) reads it after commit; nothing here sends anything.
 * Payload: `{ record }` (the stored record after the write; before it, for a delete), plus `body` for a
 * declared action.
 */
import type { Data, WriteEvent } from './types';

/** Without the fields the entity keeps out of logs (`auditOmit`: secrets). */
export function withoutSecrets(record: Data | null, omit: readonly string[] | undefined): Data | null {
  if (!record || !omit?.length) return record;
  const out = { ...record };
  for (const f of omit) delete out[f];
  return out;
}

/** Adds the event row; resolves with its id (bigint, as text). */
export const outboxSubscriber = async ({ entity, action, id, record, previous, body, ctx }: WriteEvent): Promise<string> => {
  const payload = { record: withoutSecrets(record ?? previous, ctx.docs.server(entity).auditOmit), ...(body === undefined ? {} : { body }) };
  const row = await ctx.trx
    .insertInto('outbox_event')
    .values({ entity: entity.name, record_id: id, action, payload: JSON.stringify(payload), user_id: ctx.actor.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  return String(row.id);
};
