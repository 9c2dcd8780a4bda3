/**
 * The generic reference rules (`x-ref`, engine/metadata/references.ts):
 * - on write, every referenced id must be a row of its entity (a field error `enum`, or the rule's own code
 *   with 406), and an `acyclic` reference may not lead back to the record (trees, bills of materials);
 * - on delete, rows that reference the record follow their rule's `onDelete`: `restrict` (the default)
 *   refuses the delete with 409 REGISTRO_REFERENCIADO, naming who refers to it; `cascade` deletes them and
 *   `setNull` clears the reference, both through the pipeline (so their own rules, audit and outbox run).
 */
import { sql, type Kysely } from 'kysely';
import type { FieldError } from '../../engine/errors';
import type { ReferenceRule } from '../../engine/metadata/references';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { ApiError } from '../http/api-error';
import { layoutOf } from '../entities/layout';
import { siteExpression, siteParam, siteTable } from './sites';
import type { Data, DocContext } from './types';

const isObject = (x: unknown): x is Data => typeof x === 'object' && x !== null && !Array.isArray(x);

interface Found {
  rule: ReferenceRule;
  /** The field error path (a child row's index included). */
  field: string;
  value: number;
}

/** Every referenced id in a record. */
function referencedIds(entity: ResolvedEntity, doc: Data): Found[] {
  const out: Found[] = [];
  for (const rule of entity.references) {
    const site = rule.site;
    if (site.kind === 'column') {
      if (typeof doc[site.field] === 'number') out.push({ rule, field: rule.path, value: doc[site.field] as number });
    } else if (site.kind === 'nested') {
      const obj = doc[site.field];
      if (isObject(obj) && typeof obj[site.key] === 'number') out.push({ rule, field: rule.path, value: obj[site.key] as number });
    } else {
      const rows = doc[site.child];
      if (Array.isArray(rows))
        rows.forEach((row, i) => {
          if (isObject(row) && typeof row[site.field] === 'number') out.push({ rule, field: `${site.child}.${i}.${site.field}`, value: row[site.field] as number });
        });
    }
  }
  return out;
}

/** The ids among those wanted per table that are rows of it: one statement for every table (a record names a flow, an activity, articles…). */
async function existingIds(db: Kysely<any>, wanted: ReadonlyMap<string, number[]>): Promise<Map<string, Set<number>>> {
  const out = new Map<string, Set<number>>([...wanted.keys()].map((t) => [t, new Set<number>()]));
  const parts = [...wanted]
    .filter(([, ids]) => ids.length)
    .map(([table, ids]) => sql`select ${table}::text as t, id from ${sql.table(table)} where id = any(${[...new Set(ids)]}::bigint[])`);
  if (!parts.length) return out;
  const { rows } = await sql<{ t: string; id: number }>`${sql.join(parts, sql` union all `)}`.execute(db);
  for (const r of rows) out.get(r.t)!.add(r.id);
  return out;
}

/**
 * Ids among `starts` from which the rule's references lead to `id`: for a column, walking up (a category's
 * parent, its parent, …); for a child table, walking down (an article's components, theirs, …).
 */
async function leadingTo(db: Kysely<any>, entity: ResolvedEntity, rule: ReferenceRule, starts: number[], id: number): Promise<Set<number>> {
  if (!starts.length || rule.site.kind === 'nested') return new Set();
  const table = sql.table(siteTable(entity, rule.site));
  const field = sql.ref(rule.site.field);
  const from = rule.site.kind === 'column' ? sql.ref('id') : sql.ref('parent_id');
  const { rows } = await sql<{ root: number }>`
    with recursive walk (root, node) as (
      select t.${from}, t.${field} from ${table} t where t.${from} in (${sql.join(starts)})
      union
      select w.root, t.${field} from ${table} t join walk w on t.${from} = w.node
    )
    select distinct root from walk where node = ${id}`.execute(db);
  return new Set(rows.map((r) => r.root));
}

/** Field errors of missing or cyclic references (a missing row of a rule with its own code carries that code). */
/** The field code of a reference to the record itself, or to one that already leads back to it. */
export const CYCLE = 'REFERENCIA_CICLICA';

export async function checkReferences(ctx: DocContext, entity: ResolvedEntity, doc: Data, id: number | null): Promise<FieldError[]> {
  const found = referencedIds(entity, doc);
  const errors: FieldError[] = [];
  const byTarget = new Map<string, Found[]>();
  for (const f of found) byTarget.set(f.rule.entity, [...(byTarget.get(f.rule.entity) ?? []), f]);
  const tableOf = (target: string) => layoutOf(ctx.docs.entity(target)).table;
  const existing = await existingIds(ctx.trx, new Map([...byTarget].map(([target, list]) => [tableOf(target), list.map((f) => f.value)])));
  for (const [target, list] of byTarget) {
    const present = existing.get(tableOf(target))!;
    for (const f of list) {
      if (present.has(f.value)) continue;
      errors.push({ field: f.field, code: f.rule.code ?? 'enum' });
    }
  }
  for (const rule of entity.references) {
    if (!rule.acyclic || rule.entity !== entity.name) continue;
    const mine = found.filter((f) => f.rule === rule && !errors.some((e) => e.field === f.field));
    const loops = id === null ? new Set<number>() : await leadingTo(ctx.trx, entity, rule, [...new Set(mine.map((f) => f.value))], id);
    for (const f of mine) if (f.value === id || loops.has(f.value)) errors.push({ field: f.field, code: CYCLE });
  }
  return errors;
}

/** Rows of every entity that reference row `id` of `entity`, per rule: their ids (the record's, for a child site). */
async function referencing(ctx: DocContext, entity: ResolvedEntity, id: number) {
  const out: { from: ResolvedEntity; rule: ReferenceRule; ids: number[] }[] = [];
  for (const from of ctx.docs.entities()) {
    for (const rule of from.references) {
      if (rule.entity !== entity.name) continue;
      const owner = rule.site.kind === 'child' ? 'parent_id' : 'id';
      const rows = await ctx.trx
        .selectFrom(siteTable(from, rule.site))
        .select(sql.ref(owner).as('owner'))
        .where(siteExpression(rule.site), '=', siteParam(rule.site, id))
        .execute();
      const ids = [...new Set(rows.map((r) => r.owner as number))].filter((x) => !(from === entity && x === id));
      if (ids.length) out.push({ from, rule, ids });
    }
  }
  return out;
}

/** What deleting row `id` of `entity` does to the rows that reference it (module doc above). */
export async function settleReferencesTo(ctx: DocContext, entity: ResolvedEntity, id: number): Promise<void> {
  const found = await referencing(ctx, entity, id);
  const refused = found.filter((f) => f.rule.onDelete === 'restrict');
  if (refused.length)
    throw new ApiError(
      409,
      'REGISTRO_REFERENCIADO',
      refused.map((f) => ({ field: f.rule.path, code: 'referencedBy', params: { entity: f.from.name, count: f.ids.length } })),
    );
  for (const f of found) {
    for (const owner of f.ids) {
      if (f.rule.onDelete === 'cascade' && f.rule.site.kind !== 'child') await ctx.docs.remove(ctx, f.from, owner);
      else await ctx.docs.patch(ctx, f.from, owner, clearedReference(await ctx.docs.get(ctx, f.from, owner, { raw: true }), f.rule, id));
    }
  }
}

/** The change that drops the reference to `id`: the field cleared, or the child rows that name it left out. */
function clearedReference(record: Data | null, rule: ReferenceRule, id: number): Data {
  const site = rule.site;
  if (site.kind === 'column') return { [site.field]: null };
  if (site.kind === 'nested') return { [site.field]: { ...(record?.[site.field] as Data), [site.key]: null } };
  const rows = (record?.[site.child] as Data[] | undefined) ?? [];
  return { [site.child]: rows.filter((r) => r[site.field] !== id) };
}
