import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './Combobox.stories';
import { UNPICKED_NOTE_MS } from './Combobox';
import { fixtureCalls } from './SchemaForm/fixtures/options';
import { clearRememberedOptions } from './SchemaForm/useCurrentOption';

const { Remote, AllowNull } = composeStories(stories);

const input = () => screen.getByRole('combobox', { name: 'Categoría' }) as HTMLInputElement;
const press = (key: string, times = 1) => {
  for (let i = 0; i < times; i++) fireEvent.keyDown(input(), { key });
};
/** The option the input points at (aria-activedescendant). */
const highlighted = () => {
  const id = input().getAttribute('aria-activedescendant');
  return id ? document.getElementById(id) : null;
};
const value = () => JSON.parse(screen.getByTestId('combobox-value').textContent!);

beforeEach(() => {
  fixtureCalls.length = 0;
  clearRememberedOptions();
});
afterEach(() => vi.restoreAllMocks());

describe('Combobox from the keyboard', () => {
  it('keeps the highlighted option in sight as the arrows move it', async () => {
    const scrolled = vi.spyOn(Element.prototype, 'scrollIntoView');
    render(<Remote />);
    press('ArrowDown');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
    press('ArrowDown', 7);
    expect(highlighted()?.textContent).toBe('Clientes 8');
    expect(scrolled.mock.contexts.at(-1)).toBe(highlighted());
    expect(scrolled).toHaveBeenLastCalledWith({ block: 'nearest' });
    press('ArrowUp');
    expect(scrolled.mock.contexts.at(-1)).toBe(highlighted());
    expect(highlighted()?.textContent).toBe('Monedas 7');
  });

  it('arrowing to the last loaded option asks for the next slice; the highlight moves on into it', async () => {
    render(<Remote />);
    press('ArrowDown');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
    press('ArrowDown', 9);
    expect(highlighted()?.textContent).toBe('Empleados 10');
    expect(fixtureCalls.at(-1)?.query).toMatchObject({ offset: 10, max: 10 });
    press('ArrowDown');
    await waitFor(() => expect(highlighted()?.textContent).toBe('Bancos 11'));
    expect(screen.getAllByRole('option')).toHaveLength(20);
    fireEvent.keyDown(input(), { key: 'Enter' });
    expect(value()).toBe(11);
  });

  it('moves past a slice still on its way: the highlight lands on the next option when it arrives', async () => {
    render(<Remote />);
    press('ArrowDown');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
    // no waiting between the keys: the 11th is asked for and highlighted once it is there
    press('ArrowDown', 10);
    await waitFor(() => expect(highlighted()?.textContent).toBe('Bancos 11'));
  });

  it('Page Down moves a slice at a time and reaches every option', async () => {
    render(<Remote />);
    press('PageDown');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(10));
    press('PageDown');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(20));
    for (let i = 0; i < 3; i++) {
      press('PageDown');
      await act(() => new Promise((r) => setTimeout(r, 0)));
    }
    await waitFor(() => expect(highlighted()?.textContent).toBe('Monedas 35'));
    expect(screen.getAllByRole('option')).toHaveLength(35);
  });

  describe('typing', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    it('still filters, without the blank entry, and the arrows walk what it found', async () => {
      render(<AllowNull />);
      fireEvent.change(input(), { target: { value: 'banc' } });
      await act(() => vi.advanceTimersByTimeAsync(800));
      expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Bancos 4', 'Bancos 11', 'Bancos 18', 'Bancos 25', 'Bancos 32']);
      press('ArrowDown', 2);
      expect(highlighted()?.textContent).toBe('Bancos 11');
      // the end of what matched: nothing more to ask for
      press('ArrowDown', 5);
      expect(highlighted()?.textContent).toBe('Bancos 32');
      expect(fixtureCalls.filter((c) => c.query.offset)).toEqual([]);
    });

    it('highlights the first option found, so Enter picks it', async () => {
      render(<Remote />);
      fireEvent.change(input(), { target: { value: '35' } });
      // the options of an earlier text are never highlighted for this one
      expect(highlighted()).toBeNull();
      await act(() => vi.advanceTimersByTimeAsync(800));
      expect(highlighted()?.textContent).toBe('Monedas 35');
      press('Enter');
      expect(value()).toBe(35);
      expect(input().value).toBe('Monedas 35');
    });

    it('Enter before the options come picks the only match once they do; of several, highlights the first to confirm', async () => {
      render(<Remote />);
      fireEvent.change(input(), { target: { value: '35' } });
      press('Enter');
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(value()).toBe(35);
      expect(input().value).toBe('Monedas 35');
      fireEvent.change(input(), { target: { value: 'banc' } });
      press('Enter');
      await act(() => vi.advanceTimersByTimeAsync(0));
      expect(value()).toBe(35);
      expect(highlighted()?.textContent).toBe('Bancos 4');
      press('Enter');
      expect(value()).toBe(4);
    });

    it('Tab picks the highlighted option too', async () => {
      render(<Remote />);
      fireEvent.change(input(), { target: { value: 'banc' } });
      await act(() => vi.advanceTimersByTimeAsync(800));
      press('ArrowDown', 2);
      press('Tab');
      fireEvent.blur(input());
      expect(value()).toBe(11);
      expect(input().value).toBe('Bancos 11');
    });

    it('leaving with a text that picked nothing shows the value held again, and says so for a while', async () => {
      render(<Remote />);
      fireEvent.change(input(), { target: { value: '12' } });
      await act(() => vi.advanceTimersByTimeAsync(800));
      press('Enter');
      expect(value()).toBe(12);
      // a text with a match highlighted, left another way than Enter or Tab: nothing is picked
      fireEvent.change(input(), { target: { value: 'banc' } });
      await act(() => vi.advanceTimersByTimeAsync(800));
      expect(highlighted()?.textContent).toBe('Bancos 4');
      fireEvent.blur(input());
      expect(value()).toBe(12);
      expect(input().value).toBe('Zonas 12');
      const note = screen.getByRole('status');
      expect(note.textContent).toBe('«banc» no se eligió: elija una opción de la lista');
      expect(input().getAttribute('aria-describedby')).toBe(note.id);
      await act(() => vi.advanceTimersByTimeAsync(UNPICKED_NOTE_MS));
      expect(screen.queryByRole('status')).toBeNull();
      expect(input().getAttribute('aria-describedby')).toBeNull();
      // so is a text with no match; the next edit takes the note away
      fireEvent.change(input(), { target: { value: 'xyz' } });
      await act(() => vi.advanceTimersByTimeAsync(800));
      fireEvent.blur(input());
      expect(input().value).toBe('Zonas 12');
      expect(screen.getByRole('status').textContent).toContain('«xyz»');
      fireEvent.change(input(), { target: { value: 'x' } });
      expect(screen.queryByText(/no se eligió/)).toBeNull();
    });
  });
});
