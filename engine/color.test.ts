import { describe, expect, it } from 'vitest';
import { DARK_LUMINOSITY, headerTextColor, luminosity, parseHex } from './color';

describe('colour luminosity', () => {
  it('parses short and long hex', () => {
    expect(parseHex('#fff')).toEqual({ r: 255, g: 255, b: 255 });
    expect(parseHex('1d4078')).toEqual({ r: 29, g: 64, b: 120 });
    expect(parseHex('brand.600')).toBeNull();
  });
  it('is the WCAG relative luminance', () => {
    expect(luminosity('#000000')).toBe(0);
    expect(luminosity('#ffffff')).toBeCloseTo(1);
    expect(luminosity('#808080')).toBeCloseTo(0.2159, 3);
    expect(luminosity('red')).toBeNull();
  });
  it('turns the header text white below 0.45', () => {
    expect(DARK_LUMINOSITY).toBe(0.45);
    expect(headerTextColor('#1d4078')).toBe('white');
    expect(headerTextColor('#808080')).toBe('white');
    expect(headerTextColor('#b0b0b0')).toBe('white'); // luminosity 0.434
    expect(headerTextColor('#b5b5b5')).toBe('black'); // luminosity 0.462
    expect(headerTextColor('#ffe08a')).toBe('black');
    expect(headerTextColor('#fff')).toBe('black');
    expect(headerTextColor('not a colour')).toBeNull();
  });
});
