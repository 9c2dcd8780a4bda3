/**
 * Why the list calls cost what they cost: EXPLAIN ANALYZE of the queries `articulo/index` runs, built by the
 * server's own code (server/entities/list.ts `planOf` and the page queries), on the seeded database before the
 * server starts.
 */
import { sql, type Kysely } from 'kysely';
import { checkListQuery } from '../../engine/list/query';
import { loadEntities } from '../../server/entities';
import { rowFields } from '../../server/entities/list-routes';
import { EXACT_TOTAL_UP_TO, cappedCount, expandPattern, filteredPage, pageQuery, patternOf, planOf, queryPage, tokenPage, whereAll, whereOf } from '../../server/entities/list';

export interface Explained {
  query: string;
  ms: number;
  /** The plan's node types, outermost first, e.g. "Limit > Index Scan". */
  plan: string;
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function shape(node: PlanNode): string {
  const own = node['Node Type'] + (node['Index Name'] ? ` (${node['Index Name']})` : '');
  const kids = (node.Plans ?? []).map(shape);
  return kids.length ? `${own} > ${kids.length > 1 ? `[${kids.join(' | ')}]` : kids[0]}` : own;
}

async function explain(query: string, q: { explain(format: 'json', options: unknown): Promise<Record<string, unknown>[]> }): Promise<Explained> {
  const [row] = await q.explain('json', sql`analyze`);
  const raw = row['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode; 'Execution Time': number }[];
  return { query, ms: Math.round(doc[0]['Execution Time'] * 10) / 10, plan: shape(doc[0].Plan) };
}

export async function explainList(db: Kysely<any>, patterns: readonly string[], deepOffset: number): Promise<Explained[]> {
  const registry = await loadEntities('schemas');
  const entity = registry.entities.find((e) => e.name === 'articulo')!;
  const out: Explained[] = [];
  const cases = [
    ...patterns.map((pattern) => ({ label: `pattern "${pattern}", 1st page by nombre`, query: { pattern, offset: 0, max: 50, sort: 'nombre' } })),
    { label: 'no pattern, 1st page by nombre', query: { offset: 0, max: 50, sort: 'nombre' } },
    { label: `no pattern, page at offset ${deepOffset} by nombre`, query: { offset: deepOffset, max: 50, sort: 'nombre' } },
  ];
  for (const c of cases) {
    const q = checkListQuery(c.query, entity, []).query!;
    // as the server asks: each term as the exact words it starts (a term starting no word: nothing to explain)
    const typed = q.pattern ? patternOf(entity, q.pattern) : null;
    const pattern = typed && (await expandPattern(db, 'articulo', typed));
    if (typed && !pattern) {
      out.push({ query: `${c.label}: no word starts a term, answered without a query`, ms: 0, plan: '-' });
      continue;
    }
    const wheres = whereOf(entity, q);
    const where = whereAll([...wheres, ...(pattern ? [pattern.where] : [])]);
    // the queries queryPage runs for this case
    const plan = await planOf(db, entity, q, wheres, pattern);
    const label = `${c.label} [${plan.kind}${'estimate' in plan ? `, planner expects ${Math.round(plan.estimate)}` : ''}]`;
    if (plan.kind === 'filterFirst') {
      out.push(await explain(`page and count, ${label}`, filteredPage(db, entity, q, where, rowFields(entity))));
      continue;
    }
    if (plan.kind === 'tokens') {
      out.push(await explain(`page from the tokens "${plan.token}", ${label}`, tokenPage(db, entity, q, plan.token, where, rowFields(entity))));
      continue;
    }
    out.push(await explain(`count up to ${EXACT_TOTAL_UP_TO + 1}, ${label}`, cappedCount(db, 'articulo', where)));
    out.push(await explain(`page, ${label}`, pageQuery(db, entity, q, where, rowFields(entity))));
  }
  return out;
}

export interface PatternTotal {
  pattern: string;
  /** Rows that really match (counted). */
  exact: number;
  /** The total a first page answers, and whether it says it is an estimate. */
  answered: number;
  estimated: boolean;
}

/** For each pattern: what the first page's total says against a full count of the matches. */
export async function patternTotals(db: Kysely<any>, patterns: readonly string[]): Promise<PatternTotal[]> {
  const registry = await loadEntities('schemas');
  const entity = registry.entities.find((e) => e.name === 'articulo')!;
  const out: PatternTotal[] = [];
  for (const p of patterns) {
    const q = checkListQuery({ pattern: p, offset: 0, max: 50, sort: 'nombre' }, entity, []).query!;
    const page = await queryPage(db, entity, q, [], rowFields(entity));
    const { n } = await db
      .selectFrom('articulo')
      .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('n'))
      .where(patternOf(entity, p)!.where)
      .executeTakeFirstOrThrow();
    out.push({ pattern: p, exact: n, answered: page.total, estimated: page.estimated });
  }
  return out;
}
