import { describe, expect, it } from 'vitest';
import { buildTree } from './categoria/tree';
import { MAX_DEPTH, unstorable } from './input';
import { indexName } from './layout';
import { containsPattern, indexedTerms } from './list';
import { expandedQuery, prefixEnd } from './search';

describe('buildTree', () => {
  const rows = [
    { id: 1, parentid: null, nombre: 'Hogar' },
    { id: 2, parentid: 1, nombre: 'Muebles' },
    { id: 3, parentid: 2, nombre: 'Sillas' },
    { id: 4, parentid: 99, nombre: 'Huérfana' },
    { id: 5, parentid: 6, nombre: 'Ciclo A' },
    { id: 6, parentid: 5, nombre: 'Ciclo B' },
  ];

  it('nests by parentid; a missing parent makes a root; a cycle is left out', () => {
    expect(buildTree(rows)).toEqual([
      { id: 1, nombre: 'Hogar', children: [{ id: 2, nombre: 'Muebles', children: [{ id: 3, nombre: 'Sillas', children: [] }] }] },
      { id: 4, nombre: 'Huérfana', children: [] },
    ]);
  });

  it('keeps matches with their ancestors, and terminates on cycles', () => {
    expect(buildTree(rows, 'SILL')).toEqual([
      { id: 1, nombre: 'Hogar', children: [{ id: 2, nombre: 'Muebles', children: [{ id: 3, nombre: 'Sillas', children: [] }] }] },
    ]);
    expect(buildTree(rows, 'ciclo')).toEqual([]);
    expect(buildTree(rows, '  ')).toHaveLength(2);
  });
});

describe('unstorable', () => {
  it('finds NUL characters in texts and keys, at their path', () => {
    expect(unstorable({ a: 'ok', b: ['x', 'y\u0000'], c: { 'k\u0000': 1 } })).toEqual([
      { field: 'c.k', code: 'format', params: { format: 'text' } },
      { field: 'b.1', code: 'format', params: { format: 'text' } },
    ]);
  });

  it('stops at MAX_DEPTH without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(unstorable({ x: deep })).toEqual([{ field: `x${'.0'.repeat(MAX_DEPTH - 1)}`, code: 'format', params: { format: 'depth', max: MAX_DEPTH } }]);
    let ok: unknown = 1;
    for (let i = 0; i < MAX_DEPTH - 1; i++) ok = [ok];
    expect(unstorable({ x: ok })).toEqual([]);
  });
});

describe('SQL helpers', () => {
  it('makes %, _ and \\ literal in a contains pattern', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });

  it('keeps index names within 63 bytes, distinct', () => {
    expect(indexName('categoria', ['nombre'])).toBe('categoria_nombre_idx');
    const a = indexName('x'.repeat(40), ['y'.repeat(30)]);
    const b = indexName('x'.repeat(40), ['y'.repeat(29) + 'z']);
    expect(a.length).toBeLessThanOrEqual(63);
    expect(a).not.toBe(b);
  });
});

describe('a term as the exact words it starts', () => {
  it('bounds the words starting a term bytewise, past the surrogates and not past the last code point', () => {
    expect(prefixEnd('mesa')).toBe('mesb');
    expect(prefixEnd('añ')).toBe('a\u{F2}'); // ñ is U+00F1
    expect(prefixEnd('a\u{D7FF}')).toBe('a\u{E000}');
    expect(prefixEnd('a\u{10FFFF}')).toBeNull();
  });

  it('writes each term as its words, or as a prefix when they are too many', () => {
    expect(expandedQuery(['mesa', 'rob', 'm'], [['mesa'], ['roble', 'robles'], null])).toBe("'mesa' & ('roble' | 'robles') & 'm':*");
    expect(expandedQuery(['o'], [["o'neil", 'o\\k']])).toBe("('o''neil' | 'o\\\\k')");
  });
});

describe('which terms the GIN index intersects', () => {
  it('intersects selective terms and checks the ones in many rows on the rows found', () => {
    // "tornillo galvanizado 6 mm": 3 %, 5 %, 8 %, 36 % of the rows
    expect(indexedTerms([0.032, 0.048, 0.08, 0.36])).toEqual([true, true, false, false]);
    // "mesa de roble": "de" is in every row
    expect(indexedTerms([0.032, 1, 0.048])).toEqual([true, false, true]);
  });

  it('always intersects the rarest term, and every term when all are rare', () => {
    expect(indexedTerms([0.9, 0.999])).toEqual([true, false]);
    expect(indexedTerms([0.0001, 0.0002])).toEqual([true, true]);
    expect(indexedTerms([0.5])).toEqual([true]);
  });
});
