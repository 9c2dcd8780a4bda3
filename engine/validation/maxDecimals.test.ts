import { describe, expect, it } from 'vitest';
import { createAjv } from './ajv';

const atMost = (max: number) => createAjv().compile({ type: 'number', maxDecimals: max });

describe('maxDecimals', () => {
  it('counts the digits after the point as JavaScript writes the number', () => {
    const two = atMost(2);
    expect([0, 7, -3, 10.5, 10.25, 123456789.12].map((n) => two(n))).toEqual([true, true, true, true, true, true]);
    expect([10.123, 0.1 + 0.2, -3.14159].map((n) => two(n))).toEqual([false, false, false]);
  });
  it('counts an exponent as decimals (1.5e-7 has 8)', () => {
    expect(atMost(7)(1e-7)).toBe(true);
    expect(atMost(7)(1.5e-7)).toBe(false);
    expect(atMost(8)(1.5e-7)).toBe(true);
  });
  it('reports the keyword with its limit', () => {
    const two = atMost(2);
    two(1.234);
    expect(two.errors).toMatchObject([{ keyword: 'maxDecimals', schema: 2, message: 'maxDecimals' }]);
  });
  it('applies to numbers only', () => {
    expect(createAjv().compile({ maxDecimals: 0 })('1.5')).toBe(true);
  });
});
