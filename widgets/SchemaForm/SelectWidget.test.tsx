import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './SelectWidget.stories';
import { fixtureCalls } from './fixtures/options';
import { clearRememberedOptions } from './useCurrentOption';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';

const { AllowNull, WithValue, RestrictedIds, Required, LocalEnum, NullableEnum } = composeStories(stories);

const input = (label = 'Categoría') => screen.getByRole('combobox', { name: new RegExp(`^${label}\\*?$`) }) as HTMLInputElement;
const value = () => JSON.parse(screen.getByTestId('form-value').textContent!);
const optionTexts = () => screen.getAllByRole('option').map((o) => o.getAttribute('aria-label') ?? o.textContent);
/** A read cache of its own: requests a test with fake timers leaves pending do not reach the next test. */
const alone = (node: ReactNode) => <SWRConfig value={{ provider: () => new Map() }}>{node}</SWRConfig>;

beforeEach(() => {
  fixtureCalls.length = 0;
  clearRememberedOptions();
});

describe('SelectWidget', () => {
  it('is a combobox named by its label', () => {
    render(<AllowNull />);
    expect(input().getAttribute('role')).toBe('combobox');
  });

  it('opens with a blank entry first and a slice of 10', async () => {
    render(<AllowNull />);
    fireEvent.click(input());
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(11));
    expect(optionTexts()[0]).toBe('Sin valor');
    expect(optionTexts()[1]).toBe('Clientes 1');
    expect(fixtureCalls[0]).toEqual({ list: 'categoria', query: { pattern: '', offset: 0, max: 10 } });
  });

  it('opened again (another form), it shows the options it had at once and reads them again', async () => {
    // one read cache for both forms, as the app's frame has
    const cache = new Map();
    const inCache = (node: ReactNode) => <SWRConfig value={{ provider: () => cache }}>{node}</SWRConfig>;
    const first = render(inCache(<AllowNull />));
    fireEvent.click(input());
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(11));
    first.unmount();
    render(inCache(<AllowNull />));
    fireEvent.click(input());
    expect(optionTexts().slice(0, 3)).toEqual(['Sin valor', 'Clientes 1', 'Proveedores 2']);
    await waitFor(() => expect(fixtureCalls).toHaveLength(2));
    expect(fixtureCalls[1]).toEqual(fixtureCalls[0]);
  });

  it('loads the next 10 when scrolled to the end', async () => {
    render(<AllowNull />);
    fireEvent.click(input());
    const list = await screen.findByRole('listbox');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(11));
    Object.defineProperties(list, { scrollHeight: { value: 400 }, clientHeight: { value: 240 }, scrollTop: { value: 160, writable: true } });
    fireEvent.scroll(list);
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(21));
    expect(fixtureCalls.at(-1)?.query).toMatchObject({ offset: 10, max: 10 });
  });

  it('picks an option, and the blank entry or clearing the text empties the value', async () => {
    render(<AllowNull />);
    fireEvent.click(input());
    fireEvent.click(await screen.findByRole('option', { name: 'Bancos 4' }));
    expect(value()).toEqual({ categoria: 4 });
    expect(input().value).toBe('Bancos 4');
    fireEvent.click(input());
    fireEvent.click(await screen.findByRole('option', { name: 'Sin valor' }));
    expect(value()).toEqual({ categoria: null });
    fireEvent.click(input());
    fireEvent.click(await screen.findByRole('option', { name: 'Zonas 5' }));
    expect(value()).toEqual({ categoria: 5 });
    fireEvent.change(input(), { target: { value: '' } });
    expect(value()).toEqual({ categoria: null });
  });

  describe('typing', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    it('searches 800 ms after the last key', async () => {
      render(<AllowNull />);
      fireEvent.change(input(), { target: { value: 'ban' } });
      await act(() => vi.advanceTimersByTimeAsync(500));
      fireEvent.change(input(), { target: { value: 'banc' } });
      await act(() => vi.advanceTimersByTimeAsync(799));
      expect(fixtureCalls).toEqual([]);
      await act(() => vi.advanceTimersByTimeAsync(1));
      expect(fixtureCalls.map((c) => c.query.pattern)).toEqual(['banc']);
      // a typed text looks for something: no blank entry on top of what it finds
      expect(optionTexts()).toEqual(['Bancos 4', 'Bancos 11', 'Bancos 18', 'Bancos 25', 'Bancos 32']);
    });

    it('Enter picks the one option a typed text matches', async () => {
      render(alone(<Required />));
      fireEvent.change(input(), { target: { value: 'zonas 12' } });
      fireEvent.keyDown(input(), { key: 'Enter' });
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(value()).toEqual({ categoria: 12 });
      expect(input().value).toBe('Zonas 12');
    });

    it('a text left without a pick stays, as the field’s error, and Guardar saves nothing until an option is picked', async () => {
      render(alone(<WithValue />));
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(input().value).toBe('Zonas 12');
      fireEvent.focus(input());
      fireEvent.change(input(), { target: { value: 'banc' } });
      fireEvent.blur(input());
      expect(input().value).toBe('banc');
      expect(input().getAttribute('aria-invalid')).toBe('true');
      expect(screen.getByText('«banc» no se eligió: elija una opción de la lista')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(screen.queryByTestId('form-submitted')).toBeNull();
      expect(screen.getByText('«banc» no se eligió: elija una opción de la lista')).toBeTruthy();
      // back in the field, its options are at hand: Enter picks the first
      fireEvent.click(input());
      await act(() => vi.advanceTimersByTimeAsync(800));
      fireEvent.keyDown(input(), { key: 'Enter' });
      expect(input().value).toBe('Bancos 4');
      expect(screen.queryByText(/no se eligió/)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(JSON.parse(screen.getByTestId('form-submitted').textContent!)).toEqual({ categoria: 4 });
    });

    it('Guardar while a text is still typed (a tap need not leave the field) saves nothing; Escape shows the value held again', async () => {
      render(alone(<WithValue />));
      await act(() => vi.advanceTimersByTimeAsync(0));
      fireEvent.change(input(), { target: { value: 'xyz' } });
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(screen.queryByTestId('form-submitted')).toBeNull();
      expect(screen.getByText('«xyz» no se eligió: elija una opción de la lista')).toBeTruthy();
      fireEvent.keyDown(input(), { key: 'Escape' });
      expect(input().value).toBe('Zonas 12');
      expect(screen.queryByText(/no se eligió/)).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
      await act(() => vi.advanceTimersByTimeAsync(50));
      expect(JSON.parse(screen.getByTestId('form-submitted').textContent!)).toEqual({ categoria: 12 });
      expect(screen.queryByText(/no se eligió/)).toBeNull();
    });
  });

  it('shows the text of a loaded value', async () => {
    render(<WithValue />);
    await waitFor(() => expect(input().value).toBe('Zonas 12'));
    expect(fixtureCalls[0].query.filters).toEqual({ id: 12 });
  });

  it('offers only the ids of a local id list', async () => {
    render(<RestrictedIds />);
    fireEvent.click(input());
    await waitFor(() => expect(optionTexts()).toEqual(['Proveedores 2', 'Zonas 5', 'Proveedores 9', 'Proveedores 30']));
  });

  it('has no blank entry unless allowNull, and takes the keyboard', async () => {
    render(<Required />);
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    await waitFor(() => expect(optionTexts()[0]).toBe('Clientes 1'));
    fireEvent.keyDown(input(), { key: 'ArrowDown' });
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(value()).toEqual({ categoria: 2 });
  });

  it('offers a local enum without a list', async () => {
    render(<LocalEnum />);
    fireEvent.click(input('Tipo'));
    await waitFor(() => expect(optionTexts()).toEqual(['A', 'B', 'C']));
    fireEvent.click(screen.getByRole('option', { name: 'C' }));
    expect(value()).toEqual({ tipo: 'C' });
  });

  it('offers a null of an enum as its blank entry, never as an option "null"', async () => {
    render(<NullableEnum />);
    fireEvent.click(input('Tipo'));
    await waitFor(() => expect(optionTexts()).toContain('A'));
    expect(optionTexts()).not.toContain('null');
    expect(optionTexts().filter((o) => o === 'A' || o === 'B')).toEqual(['A', 'B']);
  });
});
