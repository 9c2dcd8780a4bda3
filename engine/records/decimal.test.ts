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

  it("reads the language's thousands separator before three digits as thousands, as the app writes numbers", () => {
    expect(parseDecimal('1.000')).toBe(1000);
    expect(parseDecimal('38.000', ',')).toBe(38000);
    expect(parseDecimal('-2.500', ',')).toBe(-2500);
    expect(parseDecimal('1,000', '.')).toBe(1000);
    // the decimal point of either language, or a separator before other than three digits, is a decimal point
    expect(parseDecimal('1.5', ',')).toBe(1.5);
    expect(parseDecimal('1.25', ',')).toBe(1.25);
    expect(parseDecimal('1.0000', ',')).toBe(1);
    expect(parseDecimal('1,000', ',')).toBe(1);
    expect(parseDecimal('1.000', '.')).toBe(1);
    expect(parseDecimal('2,5', '.')).toBe(2.5);
  });

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
