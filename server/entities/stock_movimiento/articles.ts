/**
 * What the stock rules read about the articles of a record's items, in a few queries for any number of items:
 * their flags, their declared locations, and the components of compound ones (and of theirs, down the tree).
 */
import type { Kysely } from 'kysely';
import type { Components } from '../../../engine/stock/effects';

/** Where an article with no declared location keeps its stock. */
export const DEFAULT_LOCATION = 'General';

export interface ArticleInfo {
  id: number;
  nombre: string;
  es_servicio: boolean;
  es_cheque: boolean;
  es_a_medida: boolean;
  es_compuesto: boolean;
  /** Declared location names, in their order. */
  ubicaciones: string[];
}

export async function articlesOf(db: Kysely<any>, ids: readonly number[]): Promise<Map<number, ArticleInfo>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await db
    .selectFrom('articulo')
    .select(['id', 'nombre', 'es_servicio', 'es_cheque', 'es_a_medida', 'es_compuesto'])
    .where('id', 'in', unique)
    .execute();
  const out = new Map<number, ArticleInfo>(
    rows.map((r) => [
      r.id as number,
      { id: r.id as number, nombre: r.nombre as string, es_servicio: r.es_servicio === true, es_cheque: r.es_cheque === true, es_a_medida: r.es_a_medida === true, es_compuesto: r.es_compuesto === true, ubicaciones: [] },
    ]),
  );
  const places = await db.selectFrom('articulo__ubicaciones').select(['parent_id', 'nombre']).where('parent_id', 'in', unique).orderBy('parent_id').orderBy('position').execute();
  for (const p of places) out.get(p.parent_id as number)?.ubicaciones.push(p.nombre as string);
  return out;
}

/** The components of compound articles among these (and of their components, recursively), loaded ahead. */
export async function componentsOf(db: Kysely<any>, articles: readonly number[]): Promise<Components> {
  const known = new Map<number, { articulo: number; cantidad: number }[]>();
  let pending = [...new Set(articles)];
  for (let depth = 0; pending.length && depth < 32; depth++) {
    const rows = await db
      .selectFrom('articulo__componentes as c')
      .innerJoin('articulo as a', 'a.id', 'c.parent_id')
      .select(['c.parent_id', 'c.articulo', 'c.cantidad'])
      .where('c.parent_id', 'in', pending)
      .where('a.es_compuesto', '=', true)
      .orderBy('c.parent_id')
      .orderBy('c.position')
      .execute();
    for (const id of pending) known.set(id, []);
    for (const r of rows) known.get(r.parent_id as number)!.push({ articulo: r.articulo as number, cantidad: Number(r.cantidad) });
    pending = [...new Set(rows.map((r) => r.articulo as number))].filter((a) => !known.has(a));
  }
  return (a) => known.get(a) ?? [];
}
