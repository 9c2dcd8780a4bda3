/**
 * Where a referencing or unique value is stored (engine/metadata/references.ts ValueSite), as SQL: its
 * table and the expression that reads it. The same expressions are indexed (entities/storage.ts), so the
 * lookups here use those indexes. Names come from checked metadata only.
 */
import { sql, type RawBuilder } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import type { ValueSite } from '../../engine/metadata/references';
import { childTable } from '../entities/layout';

/** The table a site's value lives in: the entity's, or the child table's. */
export const siteTable = (entity: ResolvedEntity, site: ValueSite) => (site.kind === 'child' ? childTable(entity.name, site.child) : entity.name);

/** The value as SQL: a column, or the text of an object's key (`field->>'key'`). */
export function siteExpression(site: ValueSite): RawBuilder<unknown> {
  return site.kind === 'nested' ? sql`(${sql.ref(site.field)}->>${sql.lit(site.key)})` : sql`${sql.ref(site.field)}`;
}

/** A value compared with a site: nested values are read as text. */
export const siteParam = (site: ValueSite, value: unknown) => (site.kind === 'nested' && typeof value === 'number' ? String(value) : value);

/** The index expression text of a site (for CREATE INDEX), optionally trimmed and case-folded. */
export function siteIndexExpression(site: ValueSite, fold = false): RawBuilder<unknown> {
  const base = siteExpression(site);
  return fold ? sql`lower(trim(${base}))` : base;
}
