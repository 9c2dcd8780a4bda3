import { act } from '@testing-library/react';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldMessage } from './fieldMessage';

const message = (code: string, params: Record<string, unknown>) => fieldMessage([{ field: 'f', code, params }], 'Referencia', i18next.t, (k) => i18next.exists(k));

describe('a field message', () => {
  it('agrees a count of characters, items or decimals with its noun, in either language', async () => {
    expect(message('minLength', { min: 1 })).toBe('Mínimo 1 carácter');
    expect(message('minLength', { min: 3 })).toBe('Mínimo 3 caracteres');
    expect(message('maxDecimal', { max: 1 })).toBe('Máximo 1 decimal');
    expect(message('minItems', { min: 2 })).toBe('Debe haber al menos 2 ítems');
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(message('minLength', { min: 1 })).toBe('At least 1 character');
      expect(message('maxLength', { max: 40 })).toBe('At most 40 characters');
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });
});
