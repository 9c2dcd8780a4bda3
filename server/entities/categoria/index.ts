/**
 * What the category master adds to the generic entity API (spec §7 categoria/*), only what its metadata
 * cannot say:
 *
 * - `categoria/index` also takes `filtercondition` (a name from CATEGORIA_CONDITIONS: `raiz` = no parent,
 *   `hijos` = has a parent; anything else 400) and `campovalor` (rows whose valor equals it);
 * - `categoria/index` with `filters.tipo` = FLOW_GROUP_TIPO answers the flow-group list: one row per distinct
 *   `grupo` among the categories of that tipo, `{id: the group's first category id, nombre: grupo, grupo}`,
 *   sorted by grupo in the query's sortOrder, the pattern searching grupo;
 * - `categoria/treeSelect`, `categoria/getByGrupoValor`, `categoria/groupOptions` (a group's entries as select
 *   options, keyed by valor: a party's type) and `categoria/tipoOptions` (the types, built-in and stored: the
 *   type's select and list filter) (./actions.ts); the perfil_tipo seed (./seed.ts).
 * (parentid is a reference in schema.json: it must name an existing category and make no cycle.)
 */
import type { Kysely } from 'kysely';
import { CATEGORIA_CONDITIONS, FLOW_GROUP_TIPO } from '../../../engine/categoria';
import type { FieldError } from '../../../engine/errors';
import type { NormalQuery } from '../../../engine/list/query';
import { defineEntityServer } from '../../documents/types';
import { containsPattern, type Page, type Where } from '../list';
import { getByGrupoValor, groupOptions, tipoOptions, treeSelect } from './actions';
import { seedPerfilTipo } from './seed';

const CAMPOVALOR_MAX = 120;

function parseIndexExtras(body: Record<string, unknown>): { wheres: Where[]; errors: FieldError[] } {
  const wheres: Where[] = [];
  const errors: FieldError[] = [];
  const condition = body.filtercondition;
  if (condition != null && condition !== '') {
    if (typeof condition !== 'string' || !(CATEGORIA_CONDITIONS as readonly string[]).includes(condition))
      errors.push({ field: 'filtercondition', code: 'enum', params: { allowed: [...CATEGORIA_CONDITIONS] } });
    else wheres.push((eb) => eb('parentid', condition === 'raiz' ? 'is' : 'is not', null));
  }
  const valor = body.campovalor;
  if (valor != null && valor !== '') {
    if (typeof valor !== 'string' && typeof valor !== 'number') errors.push({ field: 'campovalor', code: 'type', params: { type: 'string' } });
    else if (String(valor).length > CAMPOVALOR_MAX) errors.push({ field: 'campovalor', code: 'maxLength', params: { max: CAMPOVALOR_MAX } });
    else wheres.push((eb) => eb('valor', '=', String(valor)));
  }
  return { wheres, errors };
}

async function flowGroups(db: Kysely<any>, q: NormalQuery): Promise<Page | null> {
  if (q.filters.tipo !== FLOW_GROUP_TIPO) return null;
  let groups = db
    .selectFrom('categoria')
    .select((eb) => ['grupo', eb.fn.min<number>('id').as('id')])
    .where('tipo', '=', FLOW_GROUP_TIPO)
    .where('grupo', 'is not', null)
    .groupBy('grupo');
  if (q.pattern) groups = groups.where('grupo', 'ilike', containsPattern(q.pattern));
  const { total } = await db
    .selectFrom(groups.as('g'))
    .select((eb) => eb.cast<number>(eb.fn.countAll(), 'integer').as('total'))
    .executeTakeFirstOrThrow();
  const rows = await groups.orderBy('grupo', q.sortOrder).offset(q.offset).limit(q.max).execute();
  return { total, estimated: false, rows: rows.map((r) => ({ id: r.id, nombre: r.grupo, grupo: r.grupo })) };
}

export default defineEntityServer({
  needs: ['tipo', 'parentid', 'nombre', 'grupo', 'valor', 'orden'],
  index: { keys: ['filtercondition', 'campovalor'], parse: parseIndexExtras, page: flowGroups },
  actions: { treeSelect, getByGrupoValor, groupOptions, tipoOptions },
  seed: seedPerfilTipo,
});
