/** The pure pieces of the form (label keys, error encoding, select rules, the engine validator, the uiSchema). */
import { describe, expect, it } from 'vitest';
import { decodeFieldErrors, encodeFieldError, toErrorSchema } from './errorCodes';
import { isArrayItem, labelKeyOf } from './labelKeys';
import { idForSchema, isNearEnd, localPage, optionText, readSelectConfig, restrictToIds, selectQuery } from './selectOptions';
import { createEngineValidator, formFieldErrors } from './validator';
import { prepareUi, UNKNOWN_WIDGET } from './uiSchema';
import { formWidgets } from './theme';
import { fixtureCategories } from './fixtures/options';
import type { JsonSchema } from '../../engine/metadata/types';

describe('label keys', () => {
  it('follow the path, array indices dropped', () => {
    expect(labelKeyOf('articulo', ['nombre'])).toBe('entities.articulo.fields.nombre');
    expect(labelKeyOf('articulo', ['ubicaciones', 0, 'nombre'])).toBe('entities.articulo.items.ubicaciones.nombre');
    expect(labelKeyOf('perfil', ['contactos', 1, 'telefonos', 0, 'numero'])).toBe('entities.perfil.items.contactos_telefonos.numero');
    expect(isArrayItem(['contactos', 0])).toBe(true);
    expect(isArrayItem(['contactos', 0, 'email'])).toBe(false);
  });
});

describe('error encoding', () => {
  it('round-trips codes and params through RJSF strings', () => {
    const e = { field: 'nombre', code: 'maxLength', params: { max: 10 } };
    expect(decodeFieldErrors([encodeFieldError(e)], 'nombre')).toEqual([e]);
    expect(decodeFieldErrors(['free text'])).toEqual([{ field: '', code: 'message', params: { message: 'free text' } }]);
  });
  it('builds the error schema by path', () => {
    const schema = toErrorSchema([
      { field: 'nombre', code: 'required' },
      { field: 'contactos.0.email', code: 'email' },
      { field: '', code: 'x' },
    ]) as Record<string, any>;
    expect(schema.nombre.__errors).toHaveLength(1);
    expect(schema.contactos[0].email.__errors[0]).toContain('"email"');
    expect(schema.__errors).toHaveLength(1);
  });
});

describe('select rules', () => {
  it('reads ui:options', () => {
    expect(readSelectConfig({ list: 'categoria', allowNull: true, ids: [1], filters: { tipo: 'x' } })).toEqual({
      list: 'categoria', allowNull: true, ids: [1], filters: { tipo: 'x' },
    });
    expect(readSelectConfig({})).toEqual({ list: undefined, allowNull: false, ids: undefined, filters: undefined });
  });
  it('asks in slices of 10', () => {
    expect(selectQuery(' ban ', 20)).toEqual({ pattern: 'ban', offset: 20, max: 10 });
  });
  it('restricts to ids, shows text by language, pages locally', () => {
    expect(restrictToIds(fixtureCategories, ['3', 4]).map((o) => o.id)).toEqual([3, 4]);
    expect(optionText({ id: 1, name: 'Customers', nombre: 'Clientes' }, 'es')).toBe('Clientes');
    expect(optionText({ id: 1, name: 'Customers', nombre: 'Clientes' }, 'en')).toBe('Customers');
    expect(optionText({ id: 1, name: '', nombre: '' }, 'en')).toBe('1');
    expect(localPage(fixtureCategories, { pattern: 'BANCOS', offset: 0, max: 2 })).toEqual({ total: 5, rows: fixtureCategories.filter((c) => [4, 11].includes(Number(c.id))) });
    expect(isNearEnd({ scrollTop: 160, clientHeight: 240, scrollHeight: 400 })).toBe(true);
    expect(isNearEnd({ scrollTop: 0, clientHeight: 240, scrollHeight: 400 })).toBe(false);
    expect(idForSchema('7', true)).toBe(7);
    expect(idForSchema('7', false)).toBe('7');
  });
});

describe('engine validator', () => {
  const schema: JsonSchema = {
    type: 'object',
    additionalProperties: false,
    required: ['nombre'],
    properties: { nombre: { type: 'string', maxLength: 3 }, precio: { type: 'number', maxDecimals: 2 } },
  };
  it('reports the engine codes and ignores keys the form does not show', () => {
    expect(formFieldErrors(schema as never, { id: 1, version: 2, precio: 1.234 })).toEqual([
      { field: 'nombre', code: 'required' },
      { field: 'precio', code: 'maxDecimal', params: { max: 2 } },
    ]);
  });
  it('answers RJSF with an error schema of encoded codes', () => {
    const v = createEngineValidator();
    const out = v.validateFormData({ nombre: 'abcd' }, schema as never);
    expect(out.errors[0]).toMatchObject({ name: 'maxLength', property: '.nombre' });
    expect(decodeFieldErrors((out.errorSchema as any).nombre.__errors)).toEqual([{ field: '', code: 'maxLength', params: { max: 3 } }]);
    expect(v.isValid({ type: 'string' }, 'x', {})).toBe(true);
  });
});

describe('uiSchema preparation', () => {
  it('hands labels to the FieldTemplate and marks unknown widgets', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: {
        a: { type: 'string' },
        b: { type: 'string' },
        rows: { type: 'array', items: { type: 'object', properties: { c: { type: 'string' } } } },
      },
    };
    const ui = prepareUi(schema, { a: { 'ui:widget': 'textarea' }, b: { 'ui:widget': 'magic' }, rows: { items: { c: { 'ui:widget': 'nope' } } } }, formWidgets);
    expect(ui['ui:globalOptions']).toEqual({ label: false });
    expect(ui.a).toEqual({ 'ui:widget': 'textarea' });
    expect(ui.b).toEqual({ 'ui:widget': UNKNOWN_WIDGET, 'ui:options': { unknownWidget: 'magic' } });
    expect((ui.rows as any).items.c['ui:options']).toEqual({ unknownWidget: 'nope' });
  });

  it('keeps "hidden" on an object or an array, which it hides whole', () => {
    const schema: JsonSchema = {
      type: 'object',
      properties: { o: { type: 'object', properties: { x: { type: 'string' } } }, rows: { type: 'array', items: { type: 'object', properties: {} } } },
    };
    const ui = prepareUi(schema, { o: { 'ui:widget': 'hidden' }, rows: { 'ui:widget': 'hidden' } }, formWidgets);
    expect(ui.o).toEqual({ 'ui:widget': 'hidden' });
    expect(ui.rows).toEqual({ 'ui:widget': 'hidden' });
  });
});
