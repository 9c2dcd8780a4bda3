import { describe, expect, it } from 'vitest';
import { cuitCheckDigit, cuitError, formatCuit, isPersonCuit, isValidCuit, normalizeCuit } from './cuit';

/** Public CUITs of well-known organisations, as published by themselves. */
const PUBLIC = [
  ['33-69345023-9', 'AFIP (the tax authority)'],
  ['30-50001091-2', 'Banco de la Nación Argentina'],
  ['30-54668997-9', 'YPF S.A.'],
  ['20-05536168-2', 'the example of python-stdnum (stdnum/ar/cuit.py)'],
] as const;

/**
 * Person numbers computed here by the algorithm (weights 5,4,3,2,7,6,5,4,3,2, modulo 11), not real people:
 * they cover remainder 0 (digit 0) and the re-issued 23 prefix.
 */
const COMPUTED = [
  '20-12345678-6',
  '27-12345678-0', // sum % 11 = 0 -> digit 0
  '20-45678901-4',
  '24-26000000-0',
  '34-12345678-7',
  '33-71234567-0',
  // 20-10000005 gives 10, so the person gets 23-10000005-9; 27-10000002 gives 10 -> 23-10000002-4;
  // 30-10000008 gives 10 -> 33-10000008-9. The re-issued numbers satisfy the plain formula.
  '23-10000005-9',
  '23-10000002-4',
  '33-10000008-9',
];

describe('isValidCuit', () => {
  it.each(PUBLIC)('%s (%s) validates', (cuit) => {
    expect(isValidCuit(cuit)).toBe(true);
    expect(isValidCuit(normalizeCuit(cuit))).toBe(true);
    expect(cuitError(cuit)).toBeNull();
  });

  it.each(COMPUTED)('%s (computed) validates', (cuit) => {
    expect(isValidCuit(cuit)).toBe(true);
  });

  it.each([
    ['33-69345023-8', 'wrong check digit'],
    ['30-50001091-3', 'wrong check digit'],
    ['30-54668997-0', 'wrong check digit'],
    ['20-12345678-9', 'wrong check digit'],
    ['20-10000005-9', 'the formula gives 10: never issued with prefix 20 (it becomes 23-…-9)'],
    ['20-10000005-0', 'the formula gives 10'],
    ['23-30111222-9', 'the formula gives 10 with prefix 23 as well'],
    ['30-10000008-9', 'the formula gives 10: it is issued as 33-…-9'],
    ['21-12345678-4', 'prefix 21 does not exist'],
    ['10-12345678-7', 'prefix 10 does not exist'],
    ['35-69345023-5', 'prefix 35 does not exist'],
    ['00-00000000-0', 'prefix 00'],
    ['3369345023', 'ten digits'],
    ['336934502399', 'twelve digits'],
    ['', 'empty'],
    ['33-6934502A-9', 'a letter'],
    ['CUIT 33693450239', 'text around it'],
    ['33,69345023,9', 'commas are not separators'],
  ])('%s is invalid (%s)', (cuit) => {
    expect(isValidCuit(cuit)).toBe(false);
  });
});

describe('normalizeCuit / formatCuit', () => {
  it('drops hyphens, spaces, dots and slashes', () => {
    expect(normalizeCuit('33-69345023-9')).toBe('33693450239');
    expect(normalizeCuit('33693450239')).toBe('33693450239');
    expect(normalizeCuit(' 33 69345023 9 ')).toBe('33693450239');
    expect(normalizeCuit('33.69345023/9')).toBe('33693450239');
  });
  it('keeps other characters so they fail', () => {
    expect(normalizeCuit('33-6934502A-9')).toBe('336934502A9');
  });
  it('formats 11 digits as XX-XXXXXXXX-X and leaves the rest alone', () => {
    expect(formatCuit('33693450239')).toBe('33-69345023-9');
    expect(formatCuit('33-69345023-9')).toBe('33-69345023-9');
    expect(formatCuit(' 30 54668997 9')).toBe('30-54668997-9');
    expect(formatCuit(' 3369345023 ')).toBe('3369345023');
    expect(formatCuit('abc')).toBe('abc');
  });
});

describe('cuitCheckDigit', () => {
  it('computes the digit, 0 for remainder 0 and null where the formula gives 10', () => {
    expect(cuitCheckDigit('3369345023')).toBe(9);
    expect(cuitCheckDigit('2712345678')).toBe(0);
    expect(cuitCheckDigit('2010000005')).toBeNull();
    expect(cuitCheckDigit('123')).toBeNull();
  });
});

describe('cuitError', () => {
  it('EPF0003 for an invalid number, null for a valid or empty one', () => {
    expect(cuitError('33-69345023-8')).toBe('EPF0003');
    expect(cuitError('abc')).toBe('EPF0003');
    expect(cuitError('33-69345023-9')).toBeNull();
    expect(cuitError('')).toBeNull();
    expect(cuitError('  - ')).toBeNull();
    expect(cuitError(null)).toBeNull();
    expect(cuitError(undefined)).toBeNull();
  });
});

describe('isPersonCuit', () => {
  it('tells people from companies by the prefix', () => {
    expect(isPersonCuit('20-12345678-6')).toBe(true);
    expect(isPersonCuit('23-10000005-9')).toBe(true);
    expect(isPersonCuit('33-69345023-9')).toBe(false);
  });
});
