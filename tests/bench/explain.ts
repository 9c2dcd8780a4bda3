/**
 * Why the list calls cost what they cost: EXPLAIN ANALYZE of the two queries `articulo/index` runs
 * (server/entities/list.ts: a count of the matching rows, then the sorted page), run in the bench process on
 * the seeded database before the server starts. Mirrors the SQL of list.ts by hand.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import { containsPattern } from '../../server/entities/list';

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

async function explain(db: Kysely<any>, query: string, q: RawBuilder<unknown>): Promise<Explained> {
  const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (analyze, format json) ${q}`.execute(db);
  const raw = rows[0]['QUERY PLAN'];
  const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode; 'Execution Time': number }[];
  return { query, ms: Math.round(doc[0]['Execution Time'] * 10) / 10, plan: shape(doc[0].Plan) };
}

const SEARCH = ['nombre', 'codigo_interno', 'codigo_externo', 'filtros', 'descripcion'];
const COLUMNS = ['id', 'nombre', 'codigo_interno', 'categoria', 'unidad_medida', 'activo', 'codigo_externo', 'descripcion', 'filtros', 'stock_objetivo', 'punto_reposicion', 'alicuota_iva', 'es_servicio', 'es_compuesto'];

export async function explainList(db: Kysely<any>, pattern: string, deepOffset: number): Promise<Explained[]> {
  const like = containsPattern(pattern);
  const where = sql`(${sql.join(SEARCH.map((f) => sql`${sql.ref(f)} ilike ${like}`), sql` or `)})`;
  const cols = sql.join(COLUMNS.map((c) => sql.ref(c)));
  return [
    await explain(db, `count, pattern "${pattern}"`, sql`select count(*)::int from articulo where ${where}`),
    await explain(db, `page 1 of 50 by nombre, pattern "${pattern}"`, sql`select ${cols} from articulo where ${where} order by nombre asc, id asc limit 50`),
    await explain(db, 'count, no pattern', sql`select count(*)::int from articulo`),
    await explain(db, 'page 1 of 50 by nombre, no pattern', sql`select ${cols} from articulo order by nombre asc, id asc limit 50`),
    await explain(db, `page at offset ${deepOffset} by nombre`, sql`select ${cols} from articulo order by nombre asc, id asc offset ${sql.lit(deepOffset)} limit 50`),
  ];
}
