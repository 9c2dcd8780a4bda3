/**
 * The document service's vocabulary (./service.ts): who writes (Actor), the unit a write runs in
 * (DocContext), what an entity's server module may add (EntityServer, typed by `defineEntityServer`), its
 * declared actions, and the subscribers every write notifies.
 */
import type { Kysely } from 'kysely';
import type { StoredRecord } from '../../engine/api/entityApi';
import type { FieldError } from '../../engine/errors';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { JsonSchema } from '../../engine/metadata/types';
import { ROLES, type Permission } from '../../engine/roles';
import type { SchemaStep } from '../db/apply-schema';
import type { Lang } from '../http/lang';
import type { IndexExtras } from '../entities/list-extras';
import type { Where } from '../entities/list';

export type Data = Record<string, unknown>;
export type { StoredRecord };

/** Who writes: a logged-in user, or the server itself (seeds, background work). */
export interface Actor {
  id: number | null;
  username: string;
  roles: readonly string[];
}

export const SYSTEM_ACTOR: Actor = Object.freeze({ id: null, username: 'system', roles: [ROLES.ROOT, ROLES.ADMIN, ROLES.USER] });

export interface Logger {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** One audit row before it is chained (./audit.ts). */
export interface AuditEntry {
  entity: string;
  recordId: number | null;
  action: string;
  changes: unknown;
}

/** What a transaction collects while it runs; settled when it ends (./service.ts). */
export interface UnitOfWork {
  audit: AuditEntry[];
  /** Rows changed per table, for the embedded database's upkeep, reported after commit. */
  touched: Map<string, number>;
  /** Nesting depth of writes: a nested write runs in a savepoint. */
  depth: number;
  savepoints: number;
}

/**
 * The context every call takes. Calls made with it (also from inside a hook) join its transaction: a nested
 * write that fails rolls its part back and fails the caller, so nothing half-done commits.
 */
export interface DocContext {
  readonly trx: Kysely<any>;
  readonly actor: Actor;
  readonly log: Logger;
  readonly docs: Documents;
  /** Absent on read-only contexts (read actions): they cannot write. */
  readonly unit?: UnitOfWork;
}

/** The writes of a record the pipeline itself names (./pipeline.ts); a declared action's audit row and event carry its own name. */
export const WRITE_KINDS = ['insert', 'update', 'patch'] as const;
export type WriteKind = (typeof WRITE_KINDS)[number];
/** A record's delete, as its audit row and outbox event name it. */
export const REMOVE_ACTION = 'delete';
/** Every action the pipeline writes for any entity's record (besides the entity's declared writing actions). */
export const RECORD_ACTIONS: readonly string[] = [...WRITE_KINDS, REMOVE_ACTION];

export interface WriteArgs {
  entity: ResolvedEntity;
  kind: WriteKind;
  /** The record as it will be stored (after `normalize`). */
  doc: Data;
  /** The stored record before the change (with its child rows and their ids); null on insert. */
  previous: StoredRecord | null;
  /** The record's id; null on insert. */
  id: number | null;
  ctx: DocContext;
}

export interface RemoveArgs {
  entity: ResolvedEntity;
  previous: StoredRecord;
  ctx: DocContext;
}

/** What one write did, as subscribers see it. */
export interface WriteEvent {
  entity: ResolvedEntity;
  /** insert, update, patch, delete, or the name of a declared action. */
  action: string;
  /** The record's id (null for an action of the whole entity). */
  id: number | null;
  /** The stored record after the write (null after a delete). */
  record: StoredRecord | null;
  previous: StoredRecord | null;
  /** A declared action's body. */
  body?: unknown;
  /** The id of the write's outbox_event row (./outbox.ts), for subscribers that queue its delivery. */
  outboxId?: string;
  ctx: DocContext;
}

export type Subscriber = (event: WriteEvent) => Promise<void> | void;

export interface ActionArgs<B = any> {
  entity: ResolvedEntity;
  ctx: DocContext;
  body: B;
  /** Record scope: the record's id and its stored form (locked for the transaction unless the action only reads); id scope: the id. */
  id?: number;
  record?: StoredRecord;
  /** The caller's language (Accept-Language; Spanish for a call made in code): what the answer's texts are written in. */
  lang: Lang;
}

/**
 * A call of its own, served at `POST /api/<entity>/<name>` (scope entity) or `/<name>/:id` (scope record: the
 * id of one of the entity's records, loaded for the action; scope id: an id the action resolves itself, such as
 * a step of a flow). `path` serves it under another name instead (a call name of the spec: `status/duplicate`).
 */
export interface ActionSpec<B = any> {
  scope: 'entity' | 'record' | 'id';
  /** The call's path under /api instead of `<entity>/<name>` (the `/:id` of scope record or id follows it). */
  path?: string;
  /**
   * Who may call it besides the entity's readRoles. None: a read action, whoever may read the entity; a writing
   * action, whoever may edit it (editRoles), unless `forReaders`.
   */
  roles?: Permission;
  /**
   * A writing action whoever may read the entity may call, its own checks deciding the rest (an attachment to a
   * record the caller may open, an invoice of it): the entity's editRoles, which keep its generic update from
   * them, do not apply.
   */
  forReaders?: boolean;
  /**
   * Answers only the narrow view (names, identifiers; never personal data): the entity's selectRoles may call
   * it too, as they may call its select.
   */
  narrow?: boolean;
  /**
   * The body's JSON Schema, checked first (400 VALIDATION_FAILED with field errors). None: the call takes no body,
   * and a key in it is refused (400 BAD_REQUEST, `unknownField`), unless `checksBody`.
   */
  body?: JsonSchema;
  /** The action reads and checks its body itself (an older call whose body is parsed by hand). */
  checksBody?: boolean;
  /** Only reads: no transaction of its own is needed, and no audit row or outbox event is written. */
  read?: boolean;
  /** Record scope: the id from the path (default: a positive integer); may accept another key (a name). */
  findId?(ctx: DocContext, raw: string): Promise<number>;
  /** Largest body accepted, in bytes (default 64 kB). */
  bodyLimit?: number;
  /** Body fields the audit log and the outbox keep only as their size (a private key). */
  secret?: readonly string[];
  /**
   * A multipart call with one file: the body is its other fields (as texts) plus `file`. Over `maxBytes`
   * answers 413 FILEUPLOAD_TOO_BIG, a name of `maxName` characters or more 400 name_too_long.
   */
  upload?: { maxBytes: number; maxName: number };
  /** Answers the action's result; a FileReply is sent as the file itself. */
  run(args: ActionArgs<B>): Promise<unknown>;
}

/** An uploaded file, as an upload action's body carries it. */
export interface UploadedFile {
  name: string;
  type: string;
  data: Buffer;
}

/** What an action answers to send a file (a download) instead of JSON. */
export class FileReply {
  constructor(
    readonly name: string,
    readonly type: string,
    readonly data: Buffer,
  ) {}
}

/** An entity's server module: only what its metadata cannot say. All parts are optional. */
export interface EntityServer {
  /** Properties the module's code relies on: the start fails when schema.json lacks one. */
  needs?: readonly string[];
  /**
   * The entity shows a core table the server itself writes (server/db/core-schema.ts), such as the mail
   * outbox: storage only checks that table; every write through the API answers 403.
   */
  coreTable?: boolean;
  /**
   * Tables the module itself owns and writes (a ledger, stored files): idempotent steps run at every start with
   * the core schema (server/db/apply-schema.ts), before the entity tables. Their names are reserved.
   */
  tables?: readonly SchemaStep[];
  /** Extra keys and pages of `<list>/index`. */
  index?: IndexExtras;
  /**
   * Top-level fields only the server sets (`normalize` puts its own value there). A value sent for one is ignored
   * when its schema accepts it (a form sends back what it read) and refused when not: bad input is never dropped
   * silently (the pipeline validates the record with them as sent).
   */
  serverOwned?: readonly string[];
  /** Defaults and tidied input, before validation. Returns a new object. */
  normalize?(args: WriteArgs): Data;
  /**
   * Rules against other rows or the previous state, after the schema, reference and uniqueness checks:
   * field errors (400 VALIDATION_FAILED), or throw an ApiError with a code of its own.
   */
  validate?(args: WriteArgs): Promise<FieldError[] | void> | FieldError[] | void;
  /**
   * Fields the server computes (totals, a number from a sequence), once every check passed: returns the record
   * to store. May read and write (a sequence number is taken in the write's transaction).
   */
  derive?(args: WriteArgs): Promise<Data> | Data;
  /** What of the record goes into the entity's own tables (default: all of it). */
  stored?(doc: Data): Data;
  /** Values of the manifest's virtual columns for a page of listed rows (by row id): only those, row by row. */
  listValues?(ctx: DocContext, rows: Record<string, unknown>[]): Promise<Record<string, unknown>[]>;
  /** The rows a caller may see in `<list>/index` and `/select` (a where clause), or null for all. */
  rowScope?(ctx: DocContext): Promise<Where | null>;
  /** After the rows are written, in the same transaction: sub-data kept elsewhere, nested writes. */
  afterWrite?(args: WriteArgs & { stored: StoredRecord }): Promise<void>;
  /** Before a delete, in its transaction: throw to refuse. */
  beforeRemove?(args: RemoveArgs): Promise<void>;
  /** After the row is gone, in the same transaction. */
  afterRemove?(args: RemoveArgs): Promise<void>;
  /** The record as it leaves the server (show, and the replies of writes). */
  present?(record: StoredRecord, ctx: DocContext): Promise<StoredRecord>;
  /** Fields the audit log leaves out (secrets). */
  auditOmit?: readonly string[];
  /** Runs at every start once the tables are in line, in the start-up transaction, as the system: idempotent. */
  seed?(ctx: DocContext): Promise<void>;
  actions?: Record<string, ActionSpec>;
  /**
   * Writes the module makes itself, outside the pipeline and its actions (an invoice the worker got authorised):
   * their names, as `Documents.notify` gives them to the audit log, the outbox and every subscriber.
   */
  writes?: readonly string[];
  /** Subscribers to writes of other entities (by name, or `*` for all), in the writer's transaction. */
  subscribe?: Record<string, Subscriber>;
  /** Background work of the module (a delivery worker), started once the server is up; stopped when it closes. */
  start?(runtime: ModuleRuntime): Promise<{ stop(): Promise<void> }>;
}

/** What a module's background work gets. */
export interface ModuleRuntime {
  db: Kysely<any>;
  config: import('../config').Config;
  log: Logger;
}

/** Types an entity module (server/entities/<entity>/index.ts default export). */
export const defineEntityServer = (server: EntityServer): EntityServer => server;

export type EntityRef = ResolvedEntity | string;

export interface GetOptions {
  /** Lock the row until the transaction ends (SELECT … FOR UPDATE). */
  lock?: boolean;
  /** The stored record, without the module's `present`. */
  raw?: boolean;
}

/** The document service (./service.ts). The HTTP routes are a thin layer over it. */
export interface Documents {
  entity(ref: EntityRef): ResolvedEntity;
  entities(): readonly ResolvedEntity[];
  server(ref: EntityRef): EntityServer;
  /** Runs `fn` in one transaction (or in `trx`, which the caller commits); audit rows are chained before it ends. */
  transaction<T>(actor: Actor, log: Logger, fn: (ctx: DocContext) => Promise<T>, trx?: Kysely<any>): Promise<T>;
  /** A context that only reads (no transaction). */
  reader(actor: Actor, log: Logger): DocContext;
  get(ctx: DocContext, entity: EntityRef, id: number, options?: GetOptions): Promise<StoredRecord | null>;
  insert(ctx: DocContext, entity: EntityRef, data: Data): Promise<StoredRecord>;
  /** Full replace at `version` (409 VERSION_CONFLICT when stale; 404 when gone). */
  update(ctx: DocContext, entity: EntityRef, id: number, data: Data, version: number): Promise<StoredRecord>;
  /** The stored record merged with `changes` (null clears), validated whole; `version` checked when given. */
  patch(ctx: DocContext, entity: EntityRef, id: number, changes: Data, version?: number): Promise<StoredRecord>;
  remove(ctx: DocContext, entity: EntityRef, id: number): Promise<void>;
  /** Runs a declared action (no permission check: the caller's layer does that). */
  run(ctx: DocContext, entity: EntityRef, action: string, args: { id?: number; body?: unknown; lang?: Lang }): Promise<unknown>;
  /**
   * A write the module made to a table it owns (a record write's name, or one of its `writes`), heard like any
   * write: its audit row, its outbox event and every subscriber, in `ctx`'s transaction.
   */
  notify(ctx: DocContext, entity: EntityRef, write: { action: string; id: number; record: StoredRecord | null; previous: StoredRecord | null }): Promise<void>;
  subscribe(entity: string, subscriber: Subscriber): void;
}
