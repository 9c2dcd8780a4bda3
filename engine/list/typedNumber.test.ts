import { describe, expect, it } from 'vitest';
import { numberTextError, typedNumber } from './typedNumber';

const hours = { type: 'number' as const };
const order = { type: 'integer' as const };

describe('typedNumber', () => {
  it('reads a number with the language\'s decimal point, thousands where they make sense; blank is null', () => {
    expect(typedNumber(hours, '1,5', ',')).toBe(1.5);
    expect(typedNumber(hours, '1.000', ',')).toBe(1000);
    expect(typedNumber(hours, '1,000.5', '.')).toBe(1000.5);
    expect(typedNumber(hours, '  ', ',')).toBeNull();
    expect(typedNumber(hours, '2,5.3', ',')).toBeUndefined();
  });

  it('an integer column takes whole numbers only', () => {
    expect(typedNumber(order, '1.000', ',')).toBe(1000);
    expect(typedNumber(order, '1,5', ',')).toBeUndefined();
  });
});

describe('numberTextError', () => {
  it('says contradicting separators as such, anything else as no number of the column', () => {
    expect(numberTextError(hours, 'horas', '2,5.3')).toEqual({ field: 'horas', code: 'decimalSeparators' });
    expect(numberTextError(order, 'orden', '1,5')).toEqual({ field: 'orden', code: 'type', params: { type: 'integer' } });
    expect(numberTextError(hours, 'horas', 'cinco')).toEqual({ field: 'horas', code: 'type', params: { type: 'number' } });
  });
});
