/** What an entity's module may add to `<list>/index` (server/documents/types.ts EntityServer `index`). */
import type { Kysely } from 'kysely';
import type { FieldError } from '../../engine/errors';
import type { NormalQuery } from '../../engine/list/query';
import type { Page, Where } from './list';

export interface IndexExtras {
  /** Top-level keys `{list}/index` accepts besides the generic ones. */
  keys: readonly string[];
  /** Checks those keys: more where clauses, or field errors (400). */
  parse(body: Record<string, unknown>): { wheres: Where[]; errors: FieldError[] };
  /** Answers the page itself instead of the generic query, or null. */
  page?(db: Kysely<any>, query: NormalQuery): Promise<Page | null>;
}
