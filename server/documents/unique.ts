/**
 * Uniqueness (`x-unique`, engine/metadata/references.ts), race-free: a transaction-scoped advisory lock on
 * the value (two saves of one value wait for each other, and the second sees the first once it commits),
 * then a lookup through the rule's index (entities/storage.ts). Texts compare trimmed, and case-folded when
 * the rule says `fold` (engine/text/fold.ts: the same folding in SQL and here, whatever the database's locale).
 * Blank values never clash. The same lookup serves core tables (`findClash`).
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { FieldError } from '../../engine/errors';
import { labelText } from '../../engine/metadata/label';
import { siteValue, type UniqueRule, type ValueSite } from '../../engine/metadata/references';
import { scalarType, type ResolvedEntity } from '../../engine/metadata/resolve';
import { FOLD_FROM, FOLD_TO, foldText, trimSpaces } from '../../engine/text/fold';
import { siteExpression } from './sites';
import type { Data } from './types';

/** First key of the two-key advisory lock of every uniqueness check. */
const UNIQUE_LOCK = 727_101;

export interface Clash {
  table: string;
  /** SQL of each compared value, as indexed. */
  expressions: RawBuilder<unknown>[];
  /** The values, already normalised as the expressions read them. */
  values: unknown[];
  exceptId: number | null;
}

/** Waits for other transactions checking the same value, then finds a row (other than `exceptId`) holding it. */
export async function findClash(db: Kysely<any>, { table, expressions, values, exceptId }: Clash): Promise<number | null> {
  const key = `${table}:${JSON.stringify(values)}`;
  await sql`select pg_advisory_xact_lock(${UNIQUE_LOCK}, hashtext(${key}))`.execute(db);
  let query = db.selectFrom(table).select('id');
  expressions.forEach((expression, i) => {
    query = query.where(expression, '=', values[i]);
  });
  if (exceptId !== null) query = query.where('id', '<>', exceptId);
  const row = await query.orderBy('id').limit(1).executeTakeFirst();
  return row ? (row.id as number) : null;
}

const isText = (entity: ResolvedEntity, site: ValueSite) => {
  const prop = entity.schema.properties?.[site.field];
  return scalarType(site.kind === 'nested' ? prop?.properties?.[site.key] : prop) === 'string';
};

/** The indexed expression of a unique rule's site (storage.ts creates the index on it). */
export function uniqueExpression(entity: ResolvedEntity, rule: UniqueRule, site: ValueSite): RawBuilder<unknown> {
  const base = siteExpression(site);
  if (!isText(entity, site)) return base;
  return rule.fold ? sql`translate(trim(${base}), ${sql.lit(FOLD_FROM)}, ${sql.lit(FOLD_TO)})` : sql`trim(${base})`;
}

function normalised(entity: ResolvedEntity, rule: UniqueRule, site: ValueSite, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (!isText(entity, site)) return site.kind === 'nested' ? String(value) : value;
  const text = trimSpaces(String(value));
  if (!text) return null;
  return rule.fold ? foldText(text) : text;
}

/** The row that holds the value, by its option label (the message names it: "… para otro interesado: Ferretería Sur"). */
async function nameOf(db: Kysely<any>, entity: ResolvedEntity, id: number): Promise<string> {
  const row = await db.selectFrom(entity.name).select(entity.labelFields).where('id', '=', id).executeTakeFirst();
  return (row && labelText(row, entity.labelFields)) || `#${id}`;
}

/**
 * Field errors (`unique`, or the rule's own code, naming the row that holds the value: `params.otro`) of the rules `doc` breaks. Runs inside the write's transaction.
 * A rule whose values are those the record already holds (`previous`) is not checked again: no one else can
 * hold them (they were checked when written), and the lookup and lock cost two round trips of every update.
 */
export async function checkUnique(db: Kysely<any>, entity: ResolvedEntity, doc: Data, id: number | null, previous: Data | null = null): Promise<FieldError[]> {
  const errors: FieldError[] = [];
  for (const rule of entity.unique) {
    const values = rule.sites.map((site) => normalised(entity, rule, site, siteValue(doc, site)));
    if (values.some((v) => v === null)) continue;
    if (previous && rule.sites.every((site, i) => normalised(entity, rule, site, siteValue(previous, site)) === values[i])) continue;
    const expressions = rule.sites.map((site) => uniqueExpression(entity, rule, site));
    const other = await findClash(db, { table: entity.name, expressions, values, exceptId: id });
    if (other !== null) errors.push({ field: rule.fields[0], code: rule.code ?? 'unique', params: { otro: await nameOf(db, entity, other) } });
  }
  return errors;
}
