/**
 * Colour rules of the widgets (spec §9): a header's text turns white when the luminosity of its
 * background is below 0.45. Luminosity is the WCAG relative luminance (0 = black, 1 = white).
 */

export const DARK_LUMINOSITY = 0.45;

export interface Rgb {
  r: number;
  g: number;
  b: number;
}

/** '#rgb', '#rrggbb' (the '#' optional) -> 0-255 channels; null for anything else. */
export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1];
  return { r: parseInt(h.slice(0, 2), 16), g: parseInt(h.slice(2, 4), 16), b: parseInt(h.slice(4, 6), 16) };
}

const linear = (channel: number) => {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
};

/** WCAG relative luminance of a hex colour, or null when it is not one. */
export function luminosity(hex: string): number | null {
  const rgb = parseHex(hex);
  if (!rgb) return null;
  return 0.2126 * linear(rgb.r) + 0.7152 * linear(rgb.g) + 0.0722 * linear(rgb.b);
}

/** Text colour for a background: white below the threshold, black otherwise; null when `bg` is no hex colour. */
export function headerTextColor(bg: string, threshold: number = DARK_LUMINOSITY): 'white' | 'black' | null {
  const l = luminosity(bg);
  if (l === null) return null;
  return l < threshold ? 'white' : 'black';
}
