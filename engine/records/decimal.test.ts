import { describe, expect, it } from 'vitest';
import { decimalPoint, decimalText, parseDecimal } from './decimal';

describe('typed decimals', () => {
  it.each([
    ['2,5', 2.5],
    ['2.5', 2.5],
    [' 10 ', 10],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1.234.567', 1234567],
    [',5', 0.5],
    ['-3', -3],
    ['0,41', 0.41],
  ])('%s is %d', (text, n) => expect(parseDecimal(text)).toBe(n));

  it('blank is null, anything else undefined', () => {
    expect(parseDecimal('  ')).toBeNull();
    for (const bad of ['abc', '1.2.3,4,5', '2x', '--1', '.', '1e5']) expect(parseDecimal(bad), bad).toBeUndefined();
  });

  it('numbers come back with the language decimal point', () => {
    expect(decimalText(2.5, ',')).toBe('2,5');
    expect(decimalText(2.5, '.')).toBe('2.5');
    expect(decimalText(null)).toBe('');
    expect(decimalPoint('en')).toBe('.');
    expect(decimalPoint('es')).toBe(',');
    expect(parseDecimal(decimalText(1234.75, ','))).toBe(1234.75);
  });
});
