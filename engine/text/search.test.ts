import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchesPattern, patternTerms, searchWords, sortKey } from './search';

describe('what a pattern matches', () => {
  it.each([
    ['Ríos', 'rios', true],
    ['RÍOS', 'ríos', true],
    ['Canilla esférica', 'canilla esferica', true],
    ['Canilla esférica', 'esferica canilla', true],
    ['Canilla esférica', 'can esf', true],
    ['Canilla esférica', 'nilla', false],
    ['Mesa de roble 120 cm', 'mesa de roble', true],
    ['Mesa de roble 120 cm', 'mesa roble 12', true],
    ['Mesa de pino', 'mesa roble', false],
    ['Niño', 'nino', true],
    ['33-69345023-9', '33693450239', true],
    ['33-69345023-9', '3369', true],
    ['33-69345023-9', '69345023', true],
    ['33-69345023-9', '33-69345023-9', true],
    ['33-69345023-9', '33-6', true],
    ['ana.perez@example.com', 'perez', true],
    ['ana.perez@example.com', 'ana.perez', true],
    ['ana.perez@example.com', 'example.com', true],
    ['Tornillo 1/2" Fischer', 'tornillo 1/2', true],
    ['Tornillo', '', true],
    ['PED-000009', '9', true],
    ['PED-000009', '000009', true],
    ['PED-000009', 'ped 9', true],
    ['PED-000090', '9', true],
    ['PED-000190', '9', false],
    ['Lote 0', '0', true],
  ])('%s by "%s": %s', (text, pattern, found) => {
    expect(matchesPattern(text, pattern)).toBe(found);
  });

  it('splits a pattern into terms, dropping those another term starts with', () => {
    expect(patternTerms('  Mesa  DE   mes ')).toEqual(['mesa', 'de']);
    expect(patternTerms('33-69345023-9')).toEqual(['33693450239']);
    expect(patternTerms('¿?!--')).toEqual([]);
  });

  it('finds codes by their parts and by their compact form', () => {
    expect(searchWords('CUIT 20-12345678-3')).toEqual(expect.arrayContaining(['cuit', '20', '12345678', '3', '20123456783']));
  });

  it('any text is found by each of its own words, in any case', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[A-Za-zÁÉÍÓÚáéíóúÑñ0-9]{1,12}$/), { minLength: 1, maxLength: 6 }), (words) => {
        const text = words.join(' ');
        for (const w of words) expect(matchesPattern(text, w.toUpperCase())).toBe(true);
      }),
    );
  });
});

describe('Spanish order', () => {
  const sorted = (names: string[]) => [...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0));

  it('ignores case and accents and puts ñ after n', () => {
    expect(sorted(['Hotel', 'Héctor', 'hacha'])).toEqual(['hacha', 'Héctor', 'Hotel']);
    expect(sorted(['Martín', 'María', 'marco'])).toEqual(['marco', 'María', 'Martín']);
    expect(sorted(['ñandú', 'oso', 'nube', 'Nz'])).toEqual(['nube', 'Nz', 'ñandú', 'oso']);
    expect(sorted(['cana', 'caña', 'canz', 'cao'])).toEqual(['cana', 'canz', 'caña', 'cao']);
  });
});
