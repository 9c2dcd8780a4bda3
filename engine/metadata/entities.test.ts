/**
 * Every entity folder of schemas/ is sound metadata: it resolves, ajv compiles it, every field (and every
 * field of its child tables and objects) has a label in both locales, its ui.json names real fields and
 * lists, and records validate as expected. Folders starting with `_` are parked drafts the server skips;
 * they are checked too, under their name without the `_`.
 *
 * Label convention (the one of widgets/SchemaForm/labelKeys.ts):
 *   entities.<entity>.title                          the entity
 *   entities.<entity>.fields.<field>                 a top-level field, also a child table's or object's title
 *   entities.<entity>.items.<child>.<field>          a field of a child table row or of an object
 *   entities.<entity>.items.<child>_<sub>.<field>    deeper nesting joins the names with `_`
 *   entities.<entity>.enums.<path joined by _>.<value>  the text of an enum value
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import es from '../../locales/es.json';
import en from '../../locales/en.json';
import { createAjv } from '../validation/ajv';
import { validateRecord } from '../validation/fieldErrors';
import { resolveEntity, scalarType, valueNameKey } from './resolve';
import type { ColumnsManifest, EntityMetadata, JsonSchema } from './types';

const SCHEMAS = path.resolve(__dirname, '../../schemas');
const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as unknown;

const folders = readdirSync(SCHEMAS, { withFileTypes: true })
  .filter((d) => d.isDirectory() && !d.name.startsWith('.'))
  .map((d) => d.name)
  .sort();

function load(folder: string): EntityMetadata {
  const dir = path.join(SCHEMAS, folder);
  const ui = path.join(dir, 'ui.json');
  return {
    name: folder.replace(/^_/, ''),
    schema: readJson(path.join(dir, 'schema.json')) as JsonSchema,
    columns: readJson(path.join(dir, 'columns.json')) as ColumnsManifest,
    ui: existsSync(ui) ? (readJson(ui) as Record<string, unknown>) : undefined,
  };
}

const entityNames = new Set(folders.map((f) => f.replace(/^_/, '')));

function lookup(dict: unknown, key: string): unknown {
  return key.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), dict);
}

/** Label keys (and enum keys) every field of a schema needs, by the convention above. */
function labelKeys(entity: string, schema: JsonSchema, at: string[] = []): string[] {
  const keys: string[] = [];
  for (const [name, prop] of Object.entries(schema.properties ?? {})) {
    const p = [...at, name];
    keys.push(p.length === 1 ? `entities.${entity}.fields.${name}` : `entities.${entity}.items.${at.join('_')}.${name}`);
    const enumOf = prop.enum ?? prop.items?.enum;
    for (const v of enumOf ?? []) if (v !== null) keys.push(`entities.${entity}.enums.${p.join('_')}.${String(v)}`);
    const type = scalarType(prop);
    if (type === 'object') keys.push(...labelKeys(entity, prop, p));
    if (type === 'array' && prop.items && scalarType(prop.items) === 'object') keys.push(...labelKeys(entity, prop.items, p));
  }
  return keys;
}

/** A value of a property that satisfies its own rules; `full` also fills what is not required. */
function sample(prop: JsonSchema, full: boolean): unknown {
  if (prop.enum) return prop.enum[0];
  switch (scalarType(prop)) {
    case 'boolean':
      return true;
    case 'integer':
    case 'number':
      return prop.minimum ?? (prop.maximum !== undefined ? Math.min(prop.maximum, 1) : 1);
    case 'object':
      return record(prop, full);
    case 'array':
      if (!prop.items) return [];
      if (prop.items.enum) return [prop.items.enum[0]];
      return full || (prop.minItems ?? 0) > 0 ? [sample(prop.items, full)] : [];
    default:
      if (prop.format === 'email') return 'ana@example.com';
      if (prop.format === 'date') return '2026-01-31';
      if (prop.format === 'date-time') return '2026-01-31T09:30:00.000Z';
      return 'x'.repeat(Math.max(prop.minLength ?? 1, 1));
  }
}

function record(schema: JsonSchema, full: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, prop] of Object.entries(schema.properties ?? {}))
    if (full || schema.required?.includes(name)) out[name] = sample(prop, full);
  return out;
}

function missingLabels(keys: string[]) {
  return keys.flatMap((k) => [
    ...(typeof lookup(es, k) === 'string' ? [] : [`es: ${k}`]),
    ...(typeof lookup(en, k) === 'string' ? [] : [`en: ${k}`]),
  ]);
}

/** Every `ui:widget` "select" names a list of an entity folder; every `ui:order` lists exactly the properties. */
function uiProblems(schema: JsonSchema, ui: Record<string, unknown>, at = ''): string[] {
  const out: string[] = [];
  const props = Object.keys(schema.properties ?? {});
  const order = ui['ui:order'];
  if (Array.isArray(order) && !order.includes('*')) {
    const missing = props.filter((p) => !order.includes(p));
    const extra = order.filter((p) => !props.includes(p as string));
    if (missing.length || extra.length) out.push(`${at || '<root>'}: ui:order misses [${missing}] has unknown [${extra}]`);
  }
  for (const [key, value] of Object.entries(ui)) {
    if (key.startsWith('ui:') || !value || typeof value !== 'object') continue;
    // `items` of an array names its element; of an object, the property called items
    const prop = schema.type === 'array' && key === 'items' ? schema.items : schema.properties?.[key];
    if (!prop) {
      out.push(`${at}${key}: not a property`);
      continue;
    }
    const node = value as Record<string, unknown>;
    if (node['ui:widget'] === 'select') {
      const list = (node['ui:options'] as { list?: string } | undefined)?.list;
      if (list && !entityNames.has(list)) out.push(`${at}${key}: select list "${list}" is no entity`);
    }
    out.push(...uiProblems(prop, node, `${at}${key}.`));
  }
  return out;
}

describe.each(folders)('schemas/%s', (folder) => {
  const meta = load(folder);
  const entity = resolveEntity(meta);

  it('compiles with the project ajv', () => {
    expect(() => createAjv().compile(entity.schema)).not.toThrow();
  });

  it('has a label for every field, child field and enum value in both locales', () => {
    expect(missingLabels(labelKeys(entity.name, entity.schema))).toEqual([]);
  });

  it('has a label for every column header in both locales', () => {
    expect(missingLabels(entity.columns.map((c) => c.label))).toEqual([]);
  });

  it('columns, sort, search and optionLabel name properties', () => {
    const props = entity.schema.properties ?? {};
    for (const c of entity.columns) expect(c.field === 'id' || c.virtual === true || c.field in props, c.name).toBe(true);
    expect(entity.sort.field === 'id' || entity.columns.some((c) => c.sortable && c.field === entity.sort.field)).toBe(true);
    // text, or a reference (searched by the referenced row's name)
    const references = new Set(entity.references.flatMap((r) => (r.site.kind === 'column' ? [r.site.field] : [])));
    for (const f of entity.search) if (!references.has(f)) expect(scalarType(props[f]), f).toBe('string');
    expect(entity.optionLabel in props || entity.optionLabel === 'id').toBe(true);
  });

  it('ui.json names real fields and lists', () => {
    expect(uiProblems(entity.schema, entity.ui)).toEqual([]);
  });

  it('a minimal valid record and a full one pass; an unknown field fails', () => {
    const minimal = record(entity.schema, false);
    expect(validateRecord(entity.schema, minimal)).toEqual([]);
    const full = record(entity.schema, true);
    expect(validateRecord(entity.schema, full)).toEqual([]);
    expect(validateRecord(entity.schema, { ...minimal, campo_inexistente: 1 })).toContainEqual({ field: 'campo_inexistente', code: 'unknownField' });
    for (const child of entity.children) {
      const row = { ...record(child.item, false), campo_inexistente: 1 };
      expect(validateRecord(entity.schema, { ...minimal, [child.name]: [row] })).toContainEqual({
        field: `${child.name}.0.campo_inexistente`,
        code: 'unknownField',
      });
    }
  });
});

describe('the entities of this area', () => {
  it("name the record an entity belongs to by one of its references, or refuse to start", () => {
    const actividad = resolveEntity(load(folders.find((f) => f.replace(/^_/, '') === 'actividad')!));
    expect(actividad.parent).toMatchObject({ path: 'proceso', entity: 'proceso' });
    const schema: JsonSchema = { type: 'object', properties: { nombre: { type: 'string' }, proceso: { type: 'integer', 'x-ref': 'proceso' } } };
    expect(() => resolveEntity({ name: 'x', schema, columns: { columns: ['nombre'], parent: 'nombre' } })).toThrow(/"parent" names nombre/);
    expect(resolveEntity({ name: 'x', schema, columns: { columns: ['nombre'], parent: 'proceso' } }).parent?.entity).toBe('proceso');
  });

  it('are all there', () => {
    for (const name of ['articulo', 'perfil', 'puesto', 'empresa', 'secuencia', 'comunicacion']) expect(entityNames).toContain(name);
  });

  it('spell out the rules that matter', () => {
    const schemaOf = (name: string) => resolveEntity(load(folders.find((f) => f.replace(/^_/, '') === name)!)).schema;
    const articulo = schemaOf('articulo');
    const base = { nombre: 'Tornillo' };
    expect(validateRecord(articulo, { ...base, listas_precio: [{ lista: 'General', precio: 10.123 }] })).toContainEqual({
      field: 'listas_precio.0.precio',
      code: 'maxDecimal',
      params: { max: 2 },
    });
    expect(validateRecord(articulo, { ...base, stock_objetivo: -1 })).toContainEqual({ field: 'stock_objetivo', code: 'minValue', params: { min: 0 } });
    expect(validateRecord(articulo, { ...base, alicuota_iva: 121 })).toContainEqual({
      field: 'alicuota_iva',
      code: 'between',
      params: { min: 0, max: 100 },
    });
    expect(validateRecord(articulo, { ...base, nombre: '' })).toContainEqual({ field: 'nombre', code: 'minLength', params: { min: 1 } });

    const perfil = schemaOf('perfil');
    expect(validateRecord(perfil, { tipo: 'clientes', latitud: 91 })).toContainEqual({ field: 'latitud', code: 'between', params: { min: -90, max: 90 } });
    expect(validateRecord(perfil, { tipo: 'clientes', datos_fiscales: { email_factura: 'no' } })).toContainEqual({
      field: 'datos_fiscales.email_factura',
      code: 'email',
      params: { format: 'email' },
    });
    expect(validateRecord(perfil, { tipo: 'clientes', usuario: { username: 'ana', roles: ['ROLE_KING'] } })).toContainEqual({
      field: 'usuario.roles.0',
      code: 'enum',
    });
    expect(validateRecord(perfil, { tipo: 'clientes', usuario: { username: 'ana', clave: 'x' } })).toContainEqual({
      field: 'usuario.clave',
      code: 'unknownField',
    });

    const puesto = schemaOf('puesto');
    expect(validateRecord(puesto, { nombre: 'Vendedor', competencias: [{ nombre: 'Ventas', nivel_requerido: 6 }] })).toContainEqual({
      field: 'competencias.0.nivel_requerido',
      code: 'between',
      params: { min: 1, max: 5 },
    });

    const secuencia = schemaOf('secuencia');
    expect(validateRecord(secuencia, { nombre: 'facturas', proximo_valor: 0 })).toContainEqual({
      field: 'proximo_valor',
      code: 'between',
      params: { min: 1, max: 2147483647 },
    });
    expect(validateRecord(secuencia, { nombre: 'facturas', proximo_valor: 1, relleno_ceros: 13 })).toContainEqual({
      field: 'relleno_ceros',
      code: 'between',
      params: { min: 0, max: 12 },
    });
  });

  it("a column whose form select offers a read action's options filters by a pick-list of those options (issue 19)", () => {
    const column = (entity: string, name: string) => resolveEntity(load(entity)).columns.find((c) => c.name === name)!;
    // a party's type: the entries of its category group as they are in the database, not a fixed list
    expect(column('perfil', 'tipo').pick).toEqual({ kind: 'options', list: 'categoria', filters: { action: 'groupOptions', grupo: 'perfil_tipo' } });
    // an event's origin and a delivery's entity: the origins the server accepts, shown by their titles
    expect(column('evento', 'origen')).toMatchObject({ names: 'entity', pick: { kind: 'options', list: 'evento', filters: { action: 'origenes' } } });
    expect(column('evento_entrega', 'entidad').pick).toMatchObject({ kind: 'options', filters: { action: 'origenes' } });
    // a category's type: the built-in types and every other type the categories hold (one an import brought)
    expect(column('categoria', 'tipo').pick).toEqual({ kind: 'options', list: 'categoria', filters: { action: 'tipoOptions' } });
  });

  it("a category's group and value are free text named by the locale where it has a name, the value within its group (issue 19)", () => {
    const column = (name: string) => resolveEntity(load('categoria')).columns.find((c) => c.name === name)!;
    expect(column('grupo')).toMatchObject({ valueNames: {}, pick: undefined, filter: 'grupo' });
    expect(column('valor')).toMatchObject({ valueNames: { within: 'grupo' }, pick: undefined });
    expect(valueNameKey('categoria', 'grupo', {}, 'perfil_tipo')).toBe('entities.categoria.enums.grupo.perfil_tipo');
    expect(valueNameKey('categoria', 'valor', { within: 'grupo' }, 'clientes', { grupo: 'perfil_tipo' })).toBe('entities.categoria.enums.valor.perfil_tipo.clientes');
    // no group, or text that is no key: shown as stored
    expect(valueNameKey('categoria', 'valor', { within: 'grupo' }, 'clientes', { grupo: null })).toBeNull();
    expect(valueNameKey('categoria', 'grupo', {}, 'Compras y abastecimiento')).toBeNull();
    expect(valueNameKey('categoria', 'grupo', {}, 'a.b')).toBeNull();
  });

  it("a delivery's action is named as the history names actions, its event by the event's name (a reference)", () => {
    const entrega = resolveEntity(load('evento_entrega'));
    const accion = entrega.columns.find((c) => c.name === 'accion')!;
    expect(accion.valueNames).toEqual({ keys: 'history.actions' });
    expect(valueNameKey('evento_entrega', 'accion', accion.valueNames!, 'insert')).toBe('history.actions.insert');
    for (const lang of [es, en]) expect(Object.keys(lang.history.actions)).toEqual(expect.arrayContaining(['insert', 'update', 'patch', 'delete']));
    expect(entrega.columns.find((c) => c.name === 'evento')!.pick).toMatchObject({ kind: 'ref', entity: 'evento' });
    expect(entrega.labelFields).toEqual(['evento', 'creado']);
  });

  it('a day (format: date) without a widget gets the date widget storing ISO, at any depth; ui.json still decides', () => {
    const day = { type: 'string', format: 'date' } as const;
    const schema: JsonSchema = {
      type: 'object',
      properties: { cobro: day, alta: day, datos: { type: 'object', properties: { desde: day } }, filas: { type: 'array', items: { type: 'object', properties: { vence: day } } } },
    };
    const ui = { alta: { 'ui:widget': 'date', 'ui:options': { format: 'YYYY-MM-DD HH:mm:ss' } } };
    const dayUi = { 'ui:widget': 'date', 'ui:options': { format: 'YYYY-MM-DD' } };
    expect(resolveEntity({ name: 'x', schema, columns: { columns: ['cobro'] }, ui }).ui).toEqual({
      cobro: dayUi,
      alta: ui.alta,
      datos: { desde: dayUi },
      filas: { items: { vence: dayUi } },
    });
    expect(resolveEntity(load('cheque')).ui).toMatchObject({ fecha_cobro: dayUi });
  });

  it('comunicacion is read-only and newest first', () => {
    const c = resolveEntity(load(folders.find((f) => f.replace(/^_/, '') === 'comunicacion')!));
    expect(c.editRoles).toBe('ROLE_NOBODY');
    expect(c.removeRoles).toBe('ROLE_NOBODY');
    expect(c.sort).toEqual({ field: 'fecha_creada', order: 'desc' });
    expect(c.columns.map((x) => x.name)).toEqual(['destinatario', 'asunto', 'estado', 'fecha_creada', 'error']);
  });
});
