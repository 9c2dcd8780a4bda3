import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import i18next from 'i18next';
import * as stories from './TextLength.stories';

const { Notes, NearTheLimit, ShortText } = composeStories(stories);

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`)) as HTMLInputElement | HTMLTextAreaElement;
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
const submitted = () => screen.queryByTestId('form-submitted');

describe('a text over its maxLength is told, not cut', () => {
  it('a pasted description of 2100 characters is kept, the field says at once it may have 2000, and it is not saved until shortened', async () => {
    render(<Notes />);
    const notas = field('Notas');
    expect(notas.getAttribute('maxlength')).toBeNull();
    fireEvent.change(notas, { target: { value: 'a'.repeat(2100) } });
    expect(notas.value).toHaveLength(2100);
    expect(await screen.findByText('Máximo 2000 caracteres')).toBeTruthy();
    expect(screen.getByText('2100 de 2000 caracteres')).toBeTruthy();
    expect(notas.getAttribute('aria-invalid')).toBe('true');
    submit();
    await waitFor(() => expect(document.activeElement).toBe(notas));
    expect(submitted()).toBeNull();

    fireEvent.change(notas, { target: { value: 'a'.repeat(2000) } });
    await waitFor(() => expect(screen.queryByText('Máximo 2000 caracteres')).toBeNull());
    expect(screen.getByText('2000 de 2000 caracteres')).toBeTruthy();
    submit();
    // what is saved is what the field shows
    expect(JSON.parse((await screen.findByTestId('form-submitted')).textContent!).notas).toBe(notas.value);
  });

  it('counts near a long limit, and says so in English too', async () => {
    render(<NearTheLimit />);
    expect(screen.getByText('1950 de 2000 caracteres')).toBeTruthy();
    fireEvent.change(field('Notas'), { target: { value: 'b'.repeat(1700) } });
    expect(screen.queryByText(/de 2000 caracteres$/)).toBeNull();
    fireEvent.change(field('Notas'), { target: { value: 'b'.repeat(2001) } });
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(await screen.findByText('At most 2,000 characters')).toBeTruthy();
      expect(screen.getByText('2,001 of 2,000 characters')).toBeTruthy();
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });

  it('a one-line text is not cut either; a short limit counts only once passed', async () => {
    render(<ShortText />);
    const nombre = field('Nombre');
    expect(nombre.getAttribute('maxlength')).toBeNull();
    fireEvent.change(nombre, { target: { value: 'x'.repeat(20) } });
    expect(screen.queryByText(/de 20 caracteres$/)).toBeNull();
    fireEvent.change(nombre, { target: { value: 'Distribuidora del Norte' } });
    expect(nombre.value).toBe('Distribuidora del Norte');
    expect(await screen.findByText('Máximo 20 caracteres')).toBeTruthy();
    expect(screen.getByText('23 de 20 caracteres')).toBeTruthy();
    submit();
    await waitFor(() => expect(document.activeElement).toBe(nombre));
    expect(submitted()).toBeNull();
  });
});
