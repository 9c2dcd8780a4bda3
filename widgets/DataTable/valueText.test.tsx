import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { valueTextOf } from './valueText';

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
});
