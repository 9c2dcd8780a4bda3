import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { UiProvider } from '../UiProvider';
import { FormHarness, type FormHarnessProps } from './fixtures/FormHarness';
import { oneFieldEntity } from './fixtures/entities';

const entity = oneFieldEntity('precio', { type: 'number', minimum: 0 });
const form = (props: Partial<FormHarnessProps> = {}) => (
  <UiProvider>
    <FormHarness entity={entity} {...props} />
  </UiProvider>
);
const input = () => screen.getByRole('textbox') as HTMLInputElement;
const value = () => JSON.parse(screen.getByTestId('form-value').textContent!);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe("a number field reads numbers as the app's language writes them, whatever the browser's", () => {
  it('in Spanish: "1.000" is a thousand and "2,5" two and a half; a stored number shows with a comma', () => {
    render(form({ formData: { precio: 12.5 } }));
    expect(input().value).toBe('12,5');
    expect(input().inputMode).toBe('decimal');
    type('1.000');
    expect(value()).toEqual({ precio: 1000 });
    type('2,5');
    expect(value()).toEqual({ precio: 2.5 });
    type('');
    expect(value()).toEqual({});
  });

  it('in English: "1,000" is a thousand and "2.5" two and a half', async () => {
    render(form());
    await act(() => i18next.changeLanguage('en'));
    try {
      type('1,000');
      expect(value()).toEqual({ precio: 1000 });
      type('2.5');
      expect(value()).toEqual({ precio: 2.5 });
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });

  it('a whole number field given a fraction asks for a whole number, in either language', async () => {
    render(form({ entity: oneFieldEntity('orden', { type: 'integer', minimum: 0 }) }));
    expect(input().inputMode).toBe('numeric');
    type('2,5');
    expect(value()).toEqual({ orden: 2.5 });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ingrese un número entero')).toBeTruthy();
    expect(screen.queryByText('Ingrese un número')).toBeNull();
    expect(screen.queryByTestId('form-submitted')).toBeNull();
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(await screen.findByText('Enter a whole number')).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
    type('3');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(JSON.parse((await screen.findByTestId('form-submitted')).textContent!)).toEqual({ orden: 3 });
  });

  it('text that is no number stays as typed and the form says so, instead of saving nothing', async () => {
    render(form());
    type('12 kg');
    expect(input().value).toBe('12 kg');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('Ingrese un número')).toBeTruthy();
    expect(screen.queryByTestId('form-submitted')).toBeNull();
  });
});
