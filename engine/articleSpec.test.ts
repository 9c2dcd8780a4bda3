import { describe, expect, it } from 'vitest';
import { checkSpecification, checkSpecificationValue, possibleValues, specNumber, type Specification } from './articleSpec';

const largo: Specification = { nombre: 'Largo', cuantitativa: true, unidad: 'mm', minimo: 10, maximo: 20, valor_objetivo: 15 };

describe('checkSpecificationValue: quantitative', () => {
  it('accepts values within the range, bounds included', () => {
    for (const v of [10, 15, 20, 12.75, '10', '19,5', ' 20 ']) expect(checkSpecificationValue(largo, v), String(v)).toBeNull();
  });
  it('between when both bounds exist', () => {
    expect(checkSpecificationValue(largo, 9.99)).toEqual({ field: 'valor', code: 'between', params: { min: 10, max: 20 } });
    expect(checkSpecificationValue(largo, 21, 'medida')).toEqual({ field: 'medida', code: 'between', params: { min: 10, max: 20 } });
    expect(checkSpecificationValue(largo, '-15')?.code).toBe('between');
  });
  it('minValue with only a minimum, maxValue with only a maximum', () => {
    expect(checkSpecificationValue({ cuantitativa: true, minimo: 0 }, -1)).toEqual({ field: 'valor', code: 'minValue', params: { min: 0 } });
    expect(checkSpecificationValue({ cuantitativa: true, minimo: 0 }, 1e9)).toBeNull();
    expect(checkSpecificationValue({ cuantitativa: true, maximo: 100, minimo: null }, 100.5)).toEqual({
      field: 'valor',
      code: 'maxValue',
      params: { max: 100 },
    });
    expect(checkSpecificationValue({ cuantitativa: true, maximo: 100 }, -100)).toBeNull();
  });
  it('no bounds: any number', () => {
    expect(checkSpecificationValue({ cuantitativa: true }, -3)).toBeNull();
  });
  it('the target value is not a bound', () => {
    expect(checkSpecificationValue({ cuantitativa: true, valor_objetivo: 5 }, 50)).toBeNull();
  });
  it('a value that is no number is a type error', () => {
    expect(checkSpecificationValue(largo, 'largo')).toEqual({ field: 'valor', code: 'type', params: { type: 'number' } });
    expect(checkSpecificationValue(largo, '1.2.3')?.code).toBe('type');
    expect(checkSpecificationValue(largo, Number.NaN)?.code).toBe('type');
  });
  it('an empty value is not this rule’s business', () => {
    expect(checkSpecificationValue(largo, null)).toBeNull();
    expect(checkSpecificationValue(largo, undefined)).toBeNull();
    expect(checkSpecificationValue(largo, '  ')).toBeNull();
  });
});

describe('checkSpecificationValue: descriptive and qualitative', () => {
  const color: Specification = { nombre: 'Color', cualitativa: true, valores_posibles: 'Rojo; Verde\nAzul' };
  it('must be one of the possible values (trimmed, ignoring case)', () => {
    expect(checkSpecificationValue(color, 'rojo')).toBeNull();
    expect(checkSpecificationValue(color, ' AZUL ')).toBeNull();
    expect(checkSpecificationValue(color, 'Negro')).toEqual({ field: 'valor', code: 'enum', params: { values: ['Rojo', 'Verde', 'Azul'] } });
  });
  it('free text when no possible values are given', () => {
    expect(checkSpecificationValue({ descriptiva: true }, 'cualquier cosa')).toBeNull();
    expect(checkSpecificationValue({ descriptiva: true, valores_posibles: ' , ' }, 'x')).toBeNull();
  });
  it('descriptive with possible values checks them too', () => {
    expect(checkSpecificationValue({ descriptiva: true, valores_posibles: 'Sí,No' }, 'sí')).toBeNull();
    expect(checkSpecificationValue({ descriptiva: true, valores_posibles: 'Sí,No' }, 'Tal vez')?.code).toBe('enum');
  });
  it('numbers are compared as text', () => {
    expect(checkSpecificationValue({ cualitativa: true, valores_posibles: '1,2,3' }, 2)).toBeNull();
    expect(checkSpecificationValue({ cualitativa: true, valores_posibles: '1,2,3' }, 4)?.code).toBe('enum');
  });
});

describe('checkSpecification', () => {
  it('a sound quantitative row has no errors', () => {
    expect(checkSpecification(largo)).toEqual([]);
    expect(checkSpecification({ cuantitativa: true })).toEqual([]);
  });
  it('minimo above maximo', () => {
    expect(checkSpecification({ cuantitativa: true, minimo: 5, maximo: 1 })).toEqual([{ field: 'minimo', code: 'maxValue', params: { max: 1 } }]);
  });
  it('the target value must be within the range', () => {
    expect(checkSpecification({ ...largo, valor_objetivo: 30 })).toEqual([
      { field: 'valor_objetivo', code: 'between', params: { min: 10, max: 20 } },
    ]);
  });
  it('other kinds have nothing to check', () => {
    expect(checkSpecification({ cualitativa: true, minimo: 5, maximo: 1 })).toEqual([]);
  });
});

describe('helpers', () => {
  it('possibleValues splits on new lines, ; and ,', () => {
    expect(possibleValues({ valores_posibles: 'a\r\nb;c , d,,' })).toEqual(['a', 'b', 'c', 'd']);
    expect(possibleValues({})).toEqual([]);
  });
  it('specNumber reads numbers and decimal commas', () => {
    expect(specNumber(3)).toBe(3);
    expect(specNumber('3,5')).toBe(3.5);
    expect(specNumber('-.5')).toBe(-0.5);
    expect(specNumber('')).toBeNull();
    expect(specNumber('1e3')).toBeNull();
    expect(specNumber(Infinity)).toBeNull();
  });
});
