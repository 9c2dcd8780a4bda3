/**
 * What the article master (spec §3 Article, /backOffice/stock) adds to the generic entity API:
 *
 * - `categoria` must name an existing category: 406 CATEGORIA_ARTICULO_NOT_FOUND, field categoria (spec §8);
 * - every specification row passes the engine's rule (engine/articleSpec.ts `checkSpecification`, the same
 *   function the browser runs): a quantitative one needs minimo <= maximo and its valor_objetivo within
 *   the range -> field errors `especificaciones.<i>.<field>` with the generic codes (between, minValue, ...);
 * - components name existing articles, never the article itself nor one that contains it (directly or
 *   further down): field error `componentes.<i>.articulo`, code enum;
 * - related parties (`interesados[].perfil`) name existing perfiles: code enum.
 * Field errors answer 400 VALIDATION_FAILED; with a missing category, the 406 carries them all.
 */
import { sql, type Transaction } from 'kysely';
import { checkSpecification, type Specification } from '../../../engine/articleSpec';
import type { FieldError } from '../../../engine/errors';
import { ApiError } from '../../http/api-error';
import type { EntityExtension } from '../extension';

type Data = Record<string, unknown>;

const rowsOf = (value: unknown): Data[] => (Array.isArray(value) ? (value as Data[]) : []);

async function existing(trx: Transaction<any>, table: string, ids: number[]): Promise<Set<number>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Set();
  const rows = await trx.selectFrom(table).select('id').where('id', 'in', unique).execute();
  return new Set(rows.map((r) => r.id as number));
}

/** Components (by id) whose own components lead back to `id`. */
async function containing(trx: Transaction<any>, id: number, components: number[]): Promise<Set<number>> {
  if (!components.length) return new Set();
  const { rows } = await sql<{ root: number }>`
    with recursive down (root, articulo) as (
      select c.parent_id, c.articulo from articulo__componentes c where c.parent_id in (${sql.join(components)})
      union
      select d.root, c.articulo from articulo__componentes c join down d on c.parent_id = d.articulo
    )
    select distinct root from down where articulo = ${id}`.execute(trx);
  return new Set(rows.map((r) => r.root));
}

async function checkWrite(trx: Transaction<any>, data: Data, id: number | null): Promise<FieldError[]> {
  const errors: FieldError[] = [];

  rowsOf(data.especificaciones).forEach((spec, i) => {
    if (spec && typeof spec === 'object')
      for (const e of checkSpecification(spec as Specification)) errors.push({ ...e, field: `especificaciones.${i}.${e.field}` });
  });

  const components = rowsOf(data.componentes);
  const componentIds = components.map((c) => c?.articulo).filter((a): a is number => typeof a === 'number');
  const found = await existing(trx, 'articulo', componentIds.filter((a) => a !== id));
  const loops = id === null ? new Set<number>() : await containing(trx, id, [...found]);
  components.forEach((c, i) => {
    const a = c?.articulo;
    if (typeof a === 'number' && (a === id || !found.has(a) || loops.has(a))) errors.push({ field: `componentes.${i}.articulo`, code: 'enum' });
  });

  const parties = rowsOf(data.interesados);
  const perfiles = await existing(trx, 'perfil', parties.map((p) => p?.perfil).filter((p): p is number => typeof p === 'number'));
  parties.forEach((p, i) => {
    if (typeof p?.perfil === 'number' && !perfiles.has(p.perfil)) errors.push({ field: `interesados.${i}.perfil`, code: 'enum' });
  });

  if (typeof data.categoria === 'number') {
    const categoria = await trx.selectFrom('categoria').select('id').where('id', '=', data.categoria).executeTakeFirst();
    if (!categoria)
      throw new ApiError(406, 'CATEGORIA_ARTICULO_NOT_FOUND', [{ field: 'categoria', code: 'CATEGORIA_ARTICULO_NOT_FOUND' }, ...errors]);
  }
  return errors;
}

export const articulo: EntityExtension = {
  entity: 'articulo',
  needs: ['nombre', 'categoria'],
  checkWrite,
};
