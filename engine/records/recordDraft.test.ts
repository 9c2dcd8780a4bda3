import { describe, expect, it } from 'vitest';
import type { JsonSchema } from '../metadata/types';
import { blankItem, type DraftItem } from './draft';
import { keptRecord, recordOfKept, withKeptHeader } from './recordDraft';

const schema: JsonSchema = {
  type: 'object',
  properties: {
    notas: { type: 'string' },
    clave: { type: 'string', writeOnly: true },
    items: { type: 'array', items: { type: 'object', properties: { ubicacion: { type: 'string' }, pin: { type: 'string', format: 'password' } } } },
  },
};
const FIELDS = ['notas', 'clave', 'cliente'];
const row: DraftItem = { ...blankItem('n3'), article: 1, cells: { ...blankItem('').cells, cantidad: '1.000,5' }, rest: { ubicacion: 'A1', pin: '1234' } };

describe('a record kept in a draft', () => {
  it('keeps the typed header fields and the items as typed, no secret among them, and reads back the same', () => {
    const data = keptRecord(schema, undefined, FIELDS, { header: { notas: 'ver', clave: 's3cret', numero: 'PED-1' }, items: [row, blankItem('n4')], point: ',', assignee: null });
    expect(data).toEqual({ header: { notas: 'ver' }, items: [{ ...row, rest: { ubicacion: 'A1' } }, blankItem('n4')], point: ',', assignee: null });
    expect(recordOfKept(JSON.parse(JSON.stringify(data)))).toEqual(data);
  });

  it('reads nothing from another form’s draft or a damaged one', () => {
    expect(recordOfKept({ notas: 'de un formulario' })).toBeNull();
    expect(recordOfKept({ header: {}, items: [{ key: 'n0', article: 'uno', cells: {} }], point: ',' })).toBeNull();
    expect(recordOfKept({ header: {}, items: [], point: ';' })).toBeNull();
    // a missing cell reads as empty
    expect(recordOfKept({ header: {}, items: [{ key: 'n0', article: null, cells: { cantidad: '2' } }], point: '.' })?.items[0].cells.ajuste).toBe('');
  });

  it('puts the typed fields over the header; one cleared when typed is cleared', () => {
    expect(withKeptHeader({ cliente: 5, notas: 'antes', numero: 'PED-1' }, { notas: 'después' }, FIELDS)).toEqual({ notas: 'después', numero: 'PED-1' });
  });
});
