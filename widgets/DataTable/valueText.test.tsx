import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { valueTextOf } from './valueText';
import { byLocaleKeys, namedSource } from '../SchemaForm/namedOptions';

describe('valueTextOf', () => {
  const t = i18next.t.bind(i18next);
  it('an entity-name column shows the entity title in the language, "*" as every entity, an unknown name as itself', async () => {
    const text = valueTextOf({ field: 'origen', names: 'entity' }, 'evento', t)!;
    expect([text('articulo'), text('puesto'), text('*'), text('no_such')]).toEqual(['Artículo', 'Puesto de trabajo', 'Todas las entidades', 'no_such']);
    await i18next.changeLanguage('en');
    try {
      expect([text('articulo'), text('puesto'), text('*')]).toEqual(['Article', 'Job position', 'Every entity']);
    } finally {
      await i18next.changeLanguage('es');
    }
  });
  it('an enum column names its values; other columns show the value itself', () => {
    expect(valueTextOf({ field: 'condicion_iva', pick: { kind: 'enum', values: ['consumidor_final'] } }, 'empresa', t)!('consumidor_final')).not.toBe('consumidor_final');
    expect(valueTextOf({ field: 'nombre' }, 'articulo', t)).toBeUndefined();
  });
  it("free text used as a key (a seeded category's group, its value within the group) by the locale's name, else as stored", async () => {
    const grupo = valueTextOf({ field: 'grupo', valueNames: {} }, 'categoria', t)!;
    const valor = valueTextOf({ field: 'valor', valueNames: { within: 'grupo' } }, 'categoria', t)!;
    const seeded = { grupo: 'perfil_tipo', valor: 'clientes' };
    expect([grupo('perfil_tipo'), grupo('Comercial'), valor('clientes', seeded), valor('clientes', { grupo: 'otro' }), valor('h', seeded)]).toEqual([
      'Tipo de interesado',
      'Comercial',
      'Clientes',
      'clientes',
      'h',
    ]);
    await i18next.changeLanguage('en');
    try {
      expect([grupo('perfil_tipo'), valor('proveedores', { grupo: 'perfil_tipo' })]).toEqual(['Party type', 'Suppliers']);
    } finally {
      await i18next.changeLanguage('es');
    }
  });
  it("a column of a read action's options (a party's type) names a value by its option, then by the locale, then as itself", () => {
    const column = { field: 'tipo', pick: { kind: 'options' as const, list: 'categoria', filters: { action: 'groupOptions', grupo: 'perfil_tipo' } } };
    const names = new Map([['tipo', new Map([['distribuidores', 'Distribuidores']])]]);
    const text = valueTextOf(column, 'perfil', t, names)!;
    expect([text('distribuidores'), text('proveedores'), text('otros')]).toEqual(['Distribuidores', 'Proveedores', 'otros']);
  });
  it('options named by the locale where it has a name are searched by that name', async () => {
    const rows = [
      { id: 'clientes', nombre: 'Clientes', name: 'Clientes' },
      { id: 'distribuidores', nombre: 'Distribuidores', name: 'Distribuidores' },
    ];
    await i18next.changeLanguage('en');
    try {
      const name = byLocaleKeys('entities.perfil.enums.tipo', (k) => i18next.exists(k), (k) => t(k));
      const source = namedSource(async () => ({ total: rows.length, rows }), name);
      expect((await source({ pattern: '', offset: 0, max: 10 })).rows.map((o) => o.name)).toEqual(['Customers', 'Distribuidores']);
      expect((await source({ pattern: 'custom', offset: 0, max: 10 })).rows.map((o) => o.id)).toEqual(['clientes']);
    } finally {
      await i18next.changeLanguage('es');
    }
  });
});
