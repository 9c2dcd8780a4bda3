/**
 * What an entity may add to the generic API, for what its metadata cannot say (Frappe-style: the code sits
 * in the entity's folder under server/entities/<entity>/). Keep these small: anything a second entity could
 * use belongs in the metadata instead.
 *
 * A save or update runs: `prepare` (before validation) -> schema validation -> in one transaction:
 * `checkWrite` -> the row and its child rows are written (`stored` decides what goes into them) ->
 * `afterWrite` -> `present` builds the reply. `show` answers `present` of the loaded record too.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import type { StoredRecord } from '../../engine/api/entityApi';
import type { FieldError } from '../../engine/errors';
import type { NormalQuery } from '../../engine/list/query';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { AuthUser } from '../auth/access-token';
import type { Database } from '../db/types';
import type { Page, Where } from './list';
import type { Registry } from './registry';

type Data = Record<string, unknown>;

export interface IndexExtras {
  /** Top-level keys `{list}/index` accepts besides the generic ones. */
  keys: readonly string[];
  /** Checks those keys: more where clauses, or field errors (400). */
  parse(body: Record<string, unknown>): { wheres: Where[]; errors: FieldError[] };
  /** Answers the page itself instead of the generic query, or null. */
  page?(db: Kysely<any>, query: NormalQuery): Promise<Page | null>;
}

export interface EntityDeps {
  db: Kysely<Database>;
  registry: Registry;
  entity: ResolvedEntity;
}

/** Who writes, for the rules that depend on the caller (e.g. only ROOT / ADMIN grant roles). */
export interface WriteContext {
  user: AuthUser;
  log: FastifyBaseLogger;
}

export interface EntityExtension {
  entity: string;
  /** Properties the extension's code relies on: the start fails when schema.json lacks one. */
  needs: readonly string[];
  /**
   * The entity shows a core table (server/db/core-schema.ts) that the server itself writes, such as the
   * mail outbox: its name may be a core table's; storage checks that table (every property a column of a
   * matching type) instead of creating or altering it; save, update, updateColumn and delete answer 403
   * FORBIDDEN to everyone. A string property may show a timestamptz column (answered as ISO 8601 text);
   * such a column can be sorted but neither filtered nor searched.
   */
  coreTable?: boolean;
  index?: IndexExtras;
  /** Save and update, before validation: defaults and normalised input. Returns a new object. */
  prepare?(data: Data): Data;
  /**
   * Checks a valid record against other rows (references, cycles, uniqueness); `id` is null on save.
   * Field errors answer 400 VALIDATION_FAILED; a business rule with its own code throws an ApiError.
   * Also runs for updateColumn, with only the edited field in `data`.
   */
  checkWrite?(trx: Transaction<any>, data: Data, id: number | null, ctx: WriteContext): Promise<FieldError[]>;
  /** Save and update: what of the record is written to the entity's own tables (default: all of it). */
  stored?(data: Data): Data;
  /** Save and update, after the rows are written, in the same transaction: sub-data kept in other tables. */
  afterWrite?(trx: Transaction<any>, record: StoredRecord, data: Data, ctx: WriteContext): Promise<void>;
  /** Delete, in the same transaction, after the row is gone. */
  afterDelete?(trx: Transaction<any>, id: number): Promise<void>;
  /** The record as it leaves the server (show, and the replies of save, update, updateColumn). */
  present?(db: Kysely<any> | Transaction<any>, record: StoredRecord): Promise<StoredRecord>;
  /** Extra routes under /api (already authenticated). */
  routes?(app: FastifyInstance, deps: EntityDeps): void;
  /** Runs at every start after the tables are in line, in the same locked transaction: must be idempotent. */
  seed?(trx: Transaction<any>): Promise<void>;
}
