/**
 * The category calls of spec §7 beside the generic ones, as declared read actions:
 * `POST /api/categoria/treeSelect` {tipo?, nombre?, pattern?, filters?: {tipo?}}
 *   -> [{id, nombre, children: [...]}] by parentid, ordered by orden, nombre, id; `nombre` / `pattern`
 *   keep matching categories and their ancestors (./tree.ts). At most TREE_MAX categories are read.
 * `POST /api/categoria/getByGrupoValor` {grupo, valor} -> the category (as show) or 404 NOT_FOUND.
 */
import type { FieldError } from '../../../engine/errors';
import { badRequest, notFound } from '../../http/api-error';
import type { ActionSpec } from '../../documents/types';
import { isPlainObject, onlyKeys } from '../input';
import { buildTree, type TreeRow } from './tree';

export const TREE_MAX = 20_000;
const TEXT_MAX = 200;

/** An optional text: absent, null or a string of at most TEXT_MAX. */
function optionalText(value: unknown, field: string, errors: FieldError[]): string | undefined {
  if (value == null || value === '') return undefined;
  if (typeof value !== 'string') errors.push({ field, code: 'type', params: { type: 'string' } });
  else if (value.length > TEXT_MAX) errors.push({ field, code: 'maxLength', params: { max: TEXT_MAX } });
  else return value.trim() || undefined;
  return undefined;
}

function requiredText(value: unknown, field: string, errors: FieldError[]): string {
  const before = errors.length;
  const text = optionalText(value, field, errors);
  if (text === undefined && errors.length === before) errors.push({ field, code: 'required' });
  return text ?? '';
}

export const treeSelect: ActionSpec<Record<string, unknown>> = {
  checksBody: true,
  scope: 'entity',
  read: true,
  async run({ ctx, body }) {
    onlyKeys(body, ['tipo', 'nombre', 'pattern', 'filters']);
    const errors: FieldError[] = [];
    if (body.filters != null && !isPlainObject(body.filters)) errors.push({ field: 'filters', code: 'type', params: { type: 'object' } });
    const filters = isPlainObject(body.filters) ? body.filters : {};
    for (const key of Object.keys(filters)) if (key !== 'tipo') errors.push({ field: `filters.${key}`, code: 'unknownFilter', params: { value: key } });
    const tipo = optionalText(body.tipo, 'tipo', errors) ?? optionalText(filters.tipo, 'filters.tipo', errors);
    const text = optionalText(body.nombre, 'nombre', errors) ?? optionalText(body.pattern, 'pattern', errors);
    if (errors.length) throw badRequest('BAD_REQUEST', errors);
    let query = ctx.trx
      .selectFrom('categoria')
      .select(['id', 'parentid', 'nombre'])
      .orderBy('orden', (ob) => ob.asc().nullsLast())
      .orderBy('nombre')
      .orderBy('id')
      .limit(TREE_MAX);
    if (tipo) query = query.where('tipo', '=', tipo);
    return buildTree((await query.execute()) as TreeRow[], text);
  },
};

export const getByGrupoValor: ActionSpec<Record<string, unknown>> = {
  checksBody: true,
  scope: 'entity',
  read: true,
  async run({ ctx, body, entity }) {
    onlyKeys(body, ['grupo', 'valor']);
    const errors: FieldError[] = [];
    const grupo = requiredText(body.grupo, 'grupo', errors);
    const valor = requiredText(body.valor, 'valor', errors);
    if (errors.length) throw badRequest('VALIDATION_FAILED', errors);
    const row = await ctx.trx.selectFrom('categoria').select('id').where('grupo', '=', grupo).where('valor', '=', valor).orderBy('id').executeTakeFirst();
    const record = row ? await ctx.docs.get(ctx, entity, row.id) : null;
    if (!record) throw notFound();
    return record;
  },
};

/** Most entries a group's select offers. */
export const GROUP_OPTIONS_MAX = 1000;

/**
 * `POST /api/categoria/groupOptions` {grupo} -> [{id: valor, nombre, name}]: the entries of a category group as a
 * select's options, keyed by their valor (what a record stores: a party's type is a valor of the group
 * perfil_tipo), ordered by orden, nombre. Entries without a valor are left out (nothing could store them).
 */
export const groupOptions: ActionSpec<Record<string, unknown>> = {
  checksBody: true,
  scope: 'entity',
  read: true,
  async run({ ctx, body }) {
    onlyKeys(body, ['grupo']);
    const errors: FieldError[] = [];
    const grupo = requiredText(body.grupo, 'grupo', errors);
    if (errors.length) throw badRequest('VALIDATION_FAILED', errors);
    const rows = await ctx.trx
      .selectFrom('categoria')
      .select(['valor', 'nombre'])
      .where('grupo', '=', grupo)
      .where('valor', 'is not', null)
      .where('valor', '<>', '')
      .orderBy('orden', (ob) => ob.asc().nullsLast())
      .orderBy('nombre')
      .orderBy('id')
      .limit(GROUP_OPTIONS_MAX)
      .execute();
    // a valor may repeat in a group: its first entry names it
    const seen = new Set<string>();
    return rows.flatMap((r) => {
      const valor = String(r.valor);
      if (seen.has(valor)) return [];
      seen.add(valor);
      return [{ id: valor, nombre: r.nombre, name: r.nombre }];
    });
  },
};

/**
 * `POST /api/categoria/tipoOptions` {} -> [{id: tipo, nombre, name}]: the category types as a select's options —
 * the built-in ones (schema.json `examples`) first, then every other type the categories hold (one that came
 * through the API or an import: `calzado`) by its key, each named as stored (the browser and the export name a
 * built-in one by its locale name). At most GROUP_OPTIONS_MAX.
 */
export const tipoOptions: ActionSpec<Record<string, unknown>> = {
  scope: 'entity',
  read: true,
  async run({ ctx, entity }) {
    const builtIn = (entity.schema.properties?.tipo?.examples ?? []).filter((v): v is string => typeof v === 'string');
    const stored = await ctx.trx
      .selectFrom('categoria')
      .select('tipo')
      .distinct()
      .where('tipo', 'is not', null)
      .orderBy('tipo')
      .limit(GROUP_OPTIONS_MAX)
      .execute();
    const tipos = [...new Set([...builtIn, ...stored.map((r) => String(r.tipo))])].slice(0, GROUP_OPTIONS_MAX);
    return tipos.map((tipo) => ({ id: tipo, nombre: tipo, name: tipo }));
  },
};
