/**
 * Fills the tables the server created at start-up (storage sync) with N articles, fast: set-based SQL
 * (INSERT … SELECT FROM generate_series) in batches, secondary indexes dropped during the load and rebuilt
 * from their own definitions afterwards, then VACUUM ANALYZE so the planner has statistics (PGlite has no
 * autovacuum).
 *
 * Every article gets one location (articulo__ubicaciones) and one price (articulo__listas_precio). Names are
 * varied hardware-store products ("Tornillo autoperforante 6 mm Fischer": 31 × 21 × 25 × 17 combinations),
 * spread by a multiplicative hash of the row number so the table is not sorted by name, and every article
 * has one of 24 categories (rubros), so pattern search, sort and filters behave as on real data.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { ResolvedEntity } from '../../engine/metadata/resolve';
import { tokenTable } from '../../server/entities/search';
import { rebuildSearch } from '../../server/entities/search-index';
import { log } from './stats';

export const NOUNS = [
  'Tornillo', 'Clavo', 'Tuerca', 'Arandela', 'Bulón', 'Taco', 'Caño', 'Codo', 'Cupla', 'Llave',
  'Martillo', 'Destornillador', 'Pinza', 'Cinta', 'Cable', 'Lámpara', 'Interruptor', 'Enchufe', 'Pintura', 'Rodillo',
  'Pincel', 'Cemento', 'Cal', 'Arena', 'Ladrillo', 'Membrana', 'Silicona', 'Adhesivo', 'Lija', 'Mecha',
  'Mesa',
];
const ATTRIBUTES = [
  'galvanizado', 'inoxidable', 'autoperforante', 'de bronce', 'de PVC', 'reforzado', 'blanco', 'negro', 'térmico', 'de acero',
  'cromado', 'industrial', 'liviano', 'pesado', 'aislado', 'flexible', 'de aluminio', 'zincado', 'de latón', 'plástico',
  'de roble',
];
const SIZES = [
  '3 mm', '4 mm', '5 mm', '6 mm', '8 mm', '10 mm', '12 mm', '1/2"', '3/4"', '1"', '25 kg', '50 kg', '1 l',
  '4 l', '10 l', '20 l', '2,5 mm²', '4 mm²', '100 W', '60 W', '1 m', '5 m', '10 m', '25 m', 'x 100 u',
];
const BRANDS = [
  'Fischer', 'Stanley', 'Bahco', 'Tigre', 'Awaduct', 'Loma Negra', 'Sinteplast', 'Alba', 'Tersuave', 'Philips',
  'Kalop', 'Cambre', 'Sica', 'Bosch', 'Black+Decker', 'Iael', 'Rowa',
];
const UNITS = ['unidad', 'caja', 'kg', 'metro', 'litro', 'bolsa'];
const PLACES = ['Central', 'Norte', 'Sur', 'Godoy Cruz', 'Luján', 'Maipú'];
const RUBROS = [
  'Ferretería', 'Bulonería', 'Sanitarios', 'Electricidad', 'Iluminación', 'Pinturería', 'Herramientas manuales',
  'Herramientas eléctricas', 'Construcción en seco', 'Materiales gruesos', 'Impermeabilizantes', 'Adhesivos',
  'Plomería', 'Gas', 'Jardín', 'Cerrajería', 'Abrasivos', 'Seguridad industrial', 'Maderas', 'Aberturas',
  'Cerámicos', 'Griferías', 'Climatización', 'Varios',
];

const textArray = (words: readonly string[]): RawBuilder<string[]> => sql`array[${sql.join(words.map((w) => sql.lit(w)))}]::text[]`;
/** Element `(expr mod length) + 1` of the array: PostgreSQL arrays start at 1. */
const pick = (words: readonly string[], expr: RawBuilder<unknown>) => sql`(${textArray(words)})[1 + ((${expr}) % ${sql.lit(words.length)})::int]`;

/** A well-spread 32-bit hash of the row number (Knuth's multiplicative hash). */
const mix = (column: string) => sql`((${sql.ref(column)}::bigint * 2654435761) % 4294967296)`;

export interface SeedResult {
  rows: number;
  childRows: number;
  categories: number;
  ms: { articles: number; children: number; search: number; indexes: number; analyze: number; total: number };
  databaseBytes: number | null;
  /** Bytes of the article table and of what the pattern search keeps beside it. */
  sizes: { table: number; searchIndex: number; tokens: number; tokenKey: number } | null;
}

async function relationBytes(db: Kysely<any>, name: string): Promise<number> {
  const { rows } = await sql<{ b: string | null }>`select pg_relation_size(to_regclass(${name}))::text as b`.execute(db).catch(() => ({ rows: [{ b: null }] }));
  return Number(rows[0]?.b ?? 0);
}

async function count(db: Kysely<any>, table: string): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db);
  return rows[0].n;
}

/** `articulo`: the entity as the server resolved it (its search words are built after the load, as an import's are). */
export async function seedArticles(db: Kysely<any>, articulo: ResolvedEntity, total: number, batch = 100_000): Promise<SeedResult> {
  const t0 = performance.now();
  if ((await count(db, 'articulo')) > 0) throw new Error('seed: the table articulo is not empty');

  const cats = await sql<{ id: number }>`
    insert into categoria (tipo, nombre, grupo, orden, version)
    select 'rubro', (${textArray(RUBROS)})[g], 'G' || (1 + g % 4), g, 1 from generate_series(1, ${sql.lit(RUBROS.length)}) g
    returning id`.execute(db);
  const catIds = cats.rows.map((r) => r.id);
  const catArray = sql`array[${sql.join(catIds.map((id) => sql.lit(id)))}]::int[]`;

  // Secondary indexes are rebuilt once at the end: far faster than maintaining 11 of them row by row.
  const { rows: indexes } = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename like 'articulo%' and indexname not like '%_pkey'`.execute(db);
  for (const ix of indexes) await sql`drop index ${sql.id(ix.indexname)}`.execute(db);

  const k = mix('i');
  const noun = pick(NOUNS, k);
  const name = sql`${noun} || ' ' || ${pick(ATTRIBUTES, sql`${k} / 30`)} || ' ' || ${pick(SIZES, sql`${k} / 600`)} || ' ' || ${pick(BRANDS, sql`${k} / 15000`)}`;
  const tArticles = performance.now();
  for (let from = 1; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    await sql`
      insert into articulo (nombre, codigo_interno, codigo_externo, descripcion, filtros, categoria, unidad_medida, activo,
                            cantidad_por_unidad, stock_objetivo, punto_reposicion, alicuota_iva,
                            es_servicio, es_compuesto, es_cheque, es_a_medida)
      select n.name, 'A' || lpad(i::text, 7, '0'), '779' || lpad((${k} % 10000000000)::text, 10, '0'),
             n.name || ': artículo de ferretería y construcción para uso ' || ${pick(['doméstico', 'profesional', 'industrial'], sql`${k} / 7`)},
             lower(${noun}), (${catArray})[1 + (${k} % ${sql.lit(catIds.length)})::int], ${pick(UNITS, sql`${k} / 11`)}, i % 23 <> 0,
             1, (${k} % 500)::float8, (${k} % 100)::float8, case when ${k} % 10 = 0 then 10.5 else 21 end,
             false, false, false, false
      from generate_series(${sql.lit(from)}, ${sql.lit(to)}) i, lateral (select ${name} as name) n`.execute(db);
    log(`  seed: ${to.toLocaleString('en')} / ${total.toLocaleString('en')} articles`);
  }
  const articlesMs = performance.now() - tArticles;

  const tChildren = performance.now();
  const pk = mix('id');
  for (let from = 1; from <= total; from += batch) {
    const to = from + batch - 1;
    await sql`
      insert into articulo__ubicaciones (parent_id, position, nombre, cantidad_actual)
      select id, 0, 'Depósito ' || ${pick(PLACES, pk)}, (${pk} % 1000)::float8 from articulo where id between ${sql.lit(from)} and ${sql.lit(to)}`.execute(db);
    await sql`
      insert into articulo__listas_precio (parent_id, position, lista, precio, moneda)
      select id, 0, 'Minorista', round((${pk} % 2000000) / 100.0, 2)::float8, 'ARS' from articulo where id between ${sql.lit(from)} and ${sql.lit(to)}`.execute(db);
  }
  const childrenMs = performance.now() - tChildren;
  log(`  seed: ${(2 * total).toLocaleString('en')} child rows (one location and one price per article)`);

  // loaded past the write pipeline: the search words and tokens are built in bulk, before the indexes
  const tSearch = performance.now();
  await rebuildSearch(db, articulo);
  const searchMs = performance.now() - tSearch;
  log(`  seed: search words and tokens built in ${(searchMs / 1000).toFixed(1)} s`);

  const tIndexes = performance.now();
  for (const ix of indexes) await sql.raw(ix.indexdef).execute(db);
  const indexesMs = performance.now() - tIndexes;
  log(`  seed: ${indexes.length} indexes rebuilt`);

  const tAnalyze = performance.now();
  for (const table of ['categoria', 'articulo', 'articulo__ubicaciones', 'articulo__listas_precio', tokenTable('articulo')])
    await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  const analyzeMs = performance.now() - tAnalyze;

  const { rows: size } = await sql<{ bytes: string }>`select pg_database_size(current_database())::text as bytes`.execute(db).catch(() => ({ rows: [] as { bytes: string }[] }));
  return {
    rows: await count(db, 'articulo'),
    childRows: (await count(db, 'articulo__ubicaciones')) + (await count(db, 'articulo__listas_precio')),
    categories: catIds.length,
    ms: { articles: articlesMs, children: childrenMs, search: searchMs, indexes: indexesMs, analyze: analyzeMs, total: performance.now() - t0 },
    databaseBytes: size.length ? Number(size[0].bytes) : null,
    sizes: {
      table: await relationBytes(db, 'articulo'),
      searchIndex: await relationBytes(db, 'articulo__search_gin'),
      tokens: await relationBytes(db, tokenTable('articulo')),
      tokenKey: await relationBytes(db, `${tokenTable('articulo')}_pkey`),
    },
  };
}
