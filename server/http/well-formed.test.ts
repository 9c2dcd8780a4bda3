import { describe, expect, it } from 'vitest';
import { illFormedAt, isWellFormed } from './well-formed';

describe('well-formed text', () => {
  it('tells lone surrogates from real pairs', () => {
    for (const ok of ['', 'abc', 'ñandú', '😀', '👩‍👩‍👧', '\u202e\u200f\ufeff', '𝕏\u0301']) expect(isWellFormed(ok), ok).toBe(true);
    for (const bad of ['\ud800', '\udfff', 'a\ud83d', '\ude00b', '\udfff\ud800']) expect(isWellFormed(bad), JSON.stringify(bad)).toBe(false);
  });

  it('names the first bad text or key of a value, without recursion', () => {
    expect(illFormedAt({ a: 'x', b: ['y', { c: 'z' }] })).toBeNull();
    expect(illFormedAt({ url: '\ud800', body: '\udfff' })).toBe('url');
    expect(illFormedAt({ a: [{ b: 'ok' }, { b: 'x\udc00' }] })).toBe('a.1.b');
    expect(illFormedAt({ ['k\ud800']: 1 })).toBe('k?');
    expect(illFormedAt('\ud800')).toBe('');
    let deep: unknown = '\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(illFormedAt(deep)).toBe(Array(100_000).fill('0').join('.'));
    expect(illFormedAt(undefined)).toBeNull();
  });
});
