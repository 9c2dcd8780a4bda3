/**
 * The document service: every read and write of entity records from code, with no HTTP in it. The HTTP
 * routes (entities/record-routes.ts, ./action-routes.ts) are a thin layer over it; hooks and other entities'
 * modules call it with the context they were given, joining its transaction.
 *
 *   const stored = await docs.transaction(actor, log, (ctx) => docs.insert(ctx, entityName, data));
 *
 * The service trusts its caller about permissions: the HTTP layer checks who may call what.
 */
import type { Kysely } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { EntityRules } from '../../engine/metadata/rules';
import type { TableUpkeep } from '../db/upkeep';
import { validateRecord } from '../../engine/validation/fieldErrors';
import { badRequest, notFound } from '../http/api-error';
import { onlyKeys, schemaRangeErrors } from '../entities/input';
import type { Registry } from '../entities/registry';
import { appendAudit } from './audit';
import { recordDiff } from './diff';
import { outboxSubscriber } from './outbox';
import { nested, remove, unitOf, write, type PipelineDeps } from './pipeline';
import { loadRecord } from './store';
import { RECORD_ACTIONS, type Actor, type Documents, type DocContext, type EntityRef, type EntityServer, type Logger, type StoredRecord, type Subscriber, type UnitOfWork, type WriteEvent } from './types';

const NO_SERVER: EntityServer = Object.freeze({});

export interface DocumentsOptions {
  db: Kysely<any>;
  registry: Registry;
  servers: ReadonlyMap<string, EntityServer>;
  rules?: ReadonlyMap<string, EntityRules>;
  upkeep?: TableUpkeep;
}

const newUnit = (): UnitOfWork => ({ audit: [], touched: new Map(), depth: 0, savepoints: 0 });

/** An action's body as the audit log and outbox keep it: an uploaded file as its name, type and size; a secret field as its size. */
function loggable(body: unknown, secret: readonly string[] = []): unknown {
  if (!body || typeof body !== 'object') return body;
  return Object.fromEntries(
    Object.entries(body as Record<string, unknown>).map(([k, v]) => {
      if (secret.includes(k)) return [k, { secret: true, bytes: String(v ?? '').length }];
      const file = v as { name?: unknown; type?: unknown; data?: unknown } | null;
      return [k, file && Buffer.isBuffer(file.data) ? { name: file.name, type: file.type, bytes: file.data.length } : v];
    }),
  );
}

export function createDocuments({ db, registry, servers, rules = new Map(), upkeep }: DocumentsOptions): Documents {
  const subscribers = new Map<string, Subscriber[]>();

  const entity = (ref: EntityRef): ResolvedEntity => {
    if (typeof ref !== 'string') return ref;
    const found = registry.byName.get(ref);
    if (!found) throw new Error(`unknown entity ${ref}`);
    return found;
  };
  const server = (ref: EntityRef): EntityServer => servers.get(entity(ref).name) ?? NO_SERVER;

  /** The audit entry of a write (./audit.ts), kept until the transaction ends. */
  const auditEntry: Subscriber = ({ entity: e, action, id, record, previous, body, ctx }) => {
    const omit = server(e).auditOmit;
    const changes = body === undefined ? recordDiff(e, previous, record, omit) : { body };
    unitOf(ctx).audit.push({ entity: e.name, recordId: id, action, changes });
  };

  const notify = async (event: WriteEvent) => {
    await auditEntry(event);
    const withOutbox = { ...event, outboxId: await outboxSubscriber(event) };
    for (const s of subscribers.get('*') ?? []) await s(withOutbox);
    for (const s of subscribers.get(event.entity.name) ?? []) await s(withOutbox);
  };

  const deps: PipelineDeps = {
    server: (e) => server(e),
    rules: (e) => rules.get(e.name),
    notify,
    present: (e, record, ctx) => {
      const present = server(e).present;
      return present ? present(record, ctx) : Promise.resolve(record);
    },
  };

  const settle = (unit: UnitOfWork) => {
    for (const [table, n] of unit.touched) upkeep?.changed(table, n);
  };

  const docs: Documents = {
    entity,
    server,
    entities: () => registry.entities,

    async transaction<T>(actor: Actor, log: Logger, fn: (ctx: DocContext) => Promise<T>, trx?: Kysely<any>): Promise<T> {
      const run = async (t: Kysely<any>) => {
        const unit = newUnit();
        const result = await fn({ trx: t, actor, log, docs, unit });
        await appendAudit(t, actor, unit.audit);
        return { result, unit };
      };
      const { result, unit } = trx ? await run(trx) : await db.transaction().execute(run);
      settle(unit);
      return result;
    },

    reader: (actor, log) => ({ trx: db, actor, log, docs }),

    async get(ctx, ref, id, options = {}) {
      const e = entity(ref);
      const record = await loadRecord(ctx.trx, e, id, options.lock ?? false);
      if (!record || options.raw) return record;
      return deps.present(e, record, ctx);
    },

    insert: (ctx, ref, data) => write(deps, ctx, entity(ref), 'insert', null, data),
    update: (ctx, ref, id, data, version) => write(deps, ctx, entity(ref), 'update', id, data, version),
    patch: (ctx, ref, id, changes, version) => write(deps, ctx, entity(ref), 'patch', id, changes, version),
    remove: (ctx, ref, id) => remove(deps, ctx, entity(ref), id),

    async run(ctx, ref, name, { id, body, lang = 'es' }) {
      const e = entity(ref);
      const spec = server(e).actions?.[name];
      if (!spec) throw notFound();
      const input = body ?? {};
      if (spec.body) {
        const errors = validateRecord(spec.body, input);
        if (!errors.length) errors.push(...schemaRangeErrors(spec.body, input));
        if (errors.length) throw badRequest('VALIDATION_FAILED', errors);
      } else if (!spec.checksBody && !spec.upload && input && typeof input === 'object') onlyKeys(input as Record<string, unknown>, []);
      const exec = async () => {
        let record: StoredRecord | undefined;
        if (spec.scope !== 'entity' && id === undefined) throw notFound();
        if (spec.scope === 'record') {
          if (id === undefined) throw notFound();
          record = (await loadRecord(ctx.trx, e, id, !spec.read)) ?? undefined;
          if (!record) throw notFound();
        }
        const result = await spec.run({ entity: e, ctx, body: input, id, record, lang });
        if (!spec.read) {
          const after = record ? await loadRecord(ctx.trx, e, record.id) : null;
          await notify({ entity: e, action: name, id: record?.id ?? null, record: after, previous: record ?? null, body: loggable(input, spec.secret), ctx });
        }
        return result;
      };
      return spec.read ? exec() : nested(ctx, exec);
    },

    async notify(ctx, ref, { action, ...write }) {
      const e = entity(ref);
      // an undeclared name would make events no subscription can pick
      if (!RECORD_ACTIONS.includes(action) && !server(e).writes?.includes(action)) throw new Error(`${e.name} declares no write "${action}"`);
      await notify({ entity: e, action, ...write, ctx });
    },

    subscribe(name, subscriber) {
      subscribers.set(name, [...(subscribers.get(name) ?? []), subscriber]);
    },
  };

  for (const [name, s] of servers) for (const [target, sub] of Object.entries(s.subscribe ?? {})) docs.subscribe(target, sub);
  return docs;
}
