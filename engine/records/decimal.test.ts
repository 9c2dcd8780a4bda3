import { describe, expect, it } from 'vitest';
import { clashingSeparators, decimalPoint, decimalText, parseDecimal } from './decimal';

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

  it('refuses separators that contradict each other, in either language, and says why', () => {
    for (const point of [',', '.'] as const)
      for (const bad of ['2,5.3', '2.5,3', '1.2.3', '1,2,3', '12.34.567', '1.234.5,6', '1,2345.6', '-2,5.3']) {
        expect(parseDecimal(bad, point), `${bad} (${point})`).toBeUndefined();
        expect(clashingSeparators(bad), bad).toBe(true);
      }
    // what each language writes, and the forms the rule keeps, still read
    expect(parseDecimal('1.250', ',')).toBe(1250);
    expect(parseDecimal('1,25', ',')).toBe(1.25);
    expect(parseDecimal('1.25', ',')).toBe(1.25);
    expect(parseDecimal('1.234.567,89', ',')).toBe(1234567.89);
    expect(parseDecimal('1,234,567.89', '.')).toBe(1234567.89);
    expect(parseDecimal('12,345.6', ',')).toBe(12345.6);
    for (const other of ['2,5', '1.234,5', 'abc', '2x', '', '-']) expect(clashingSeparators(other), other).toBe(false);
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
