import { describe, expect, it } from 'vitest';
import { formatSequence, nextValue, previewNext } from './sequence';

describe('sequence preview', () => {
  it('formats the next value as the server takes it', () => {
    expect(formatSequence('FA-', 8, 42)).toBe('FA-00000042');
    expect(previewNext({ prefijo: 'R-', relleno_ceros: 4, proximo_valor: 12 }, 2026)).toBe('R-0012');
    expect(previewNext({}, 2026)).toBe('1');
  });
  it('starts a yearly sequence again at 1 in a new year', () => {
    expect(nextValue({ proximo_valor: 57, reinicio_anual: true, anio_actual: 2025 }, 2026)).toBe(1);
    expect(nextValue({ proximo_valor: 57, reinicio_anual: true, anio_actual: 2026 }, 2026)).toBe(57);
    expect(nextValue({ proximo_valor: 57, reinicio_anual: false, anio_actual: 2025 }, 2026)).toBe(57);
  });
});
