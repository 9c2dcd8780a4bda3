import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { composeStories } from '@storybook/react-vite';
import * as stories from './Timeline.stories';

const { Default, TwoThousand, ReadOnly, Months } = composeStories(stories);

describe('Timeline', () => {
  it('names every bar, marks the critical ones, and leaves groups without a bar button', () => {
    render(<Default />);
    expect(screen.getByRole('list', { name: 'Planificación' })).toBeTruthy();
    const probar = screen.getByRole('button', { name: 'Probar: 2026-03-07 – 2026-03-07, crítica' });
    expect(probar.getAttribute('data-critical')).toBe('true');
    expect(screen.getByRole('button', { name: /^Limpiar/ }).getAttribute('data-critical')).toBeNull();
    expect(screen.getAllByRole('listitem')[0].textContent).toContain('OT-0012 · Instalación');
  });

  it('moves a bar a day with the arrow keys, stretches it with Shift, and offers nothing a lock forbids', () => {
    const onReschedule = vi.fn();
    render(<Default onReschedule={onReschedule} />);
    fireEvent.keyDown(screen.getByRole('button', { name: /^Probar/ }), { key: 'ArrowRight' });
    expect(onReschedule).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'c' }), { start: '2026-03-08', end: '2026-03-08' });
    fireEvent.keyDown(screen.getByRole('button', { name: /^Limpiar/ }), { key: 'ArrowRight', shiftKey: true });
    expect(onReschedule).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'd' }), { start: '2026-03-02', end: '2026-03-03' });
    onReschedule.mockClear();
    // started: its start is locked, so it does not move, but its end does; finished: nothing
    fireEvent.keyDown(screen.getByRole('button', { name: /^Instalar: 2026-03-04/ }), { key: 'ArrowLeft' });
    expect(onReschedule).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByRole('button', { name: /^Instalar: 2026-03-04/ }), { key: 'ArrowRight', shiftKey: true });
    expect(onReschedule).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'b' }), { start: '2026-03-04', end: '2026-03-07' });
    onReschedule.mockClear();
    fireEvent.keyDown(screen.getByRole('button', { name: /^Medir: 2026-03-02/ }), { key: 'ArrowRight', shiftKey: true });
    expect(onReschedule).not.toHaveBeenCalled();
  });

  it('opens scrolled to today, the day before at the left edge', () => {
    render(<Default />);
    const list = screen.getByRole('list', { name: 'Planificación' });
    const scroller = list.parentElement!;
    const line = list.querySelector<HTMLElement>('.tl-today')!;
    expect(scroller.scrollLeft).toBeGreaterThan(0);
    // the today line's position, minus the label column (a phone's or a desktop's), minus one day (day zoom: 32 px)
    expect([120, 240].map((label) => parseFloat(line.style.left) - label - 32)).toContain(scroller.scrollLeft);
  });

  it('names the months in the header in the language, not as 03/26 (read as a day)', async () => {
    const { container } = render(<Months />);
    const ticks = () => [...container.querySelectorAll('.tl-tick')].map((t) => t.textContent);
    expect(ticks()).toContain('mar 2026');
    expect(ticks().filter((t) => /^\d{2}\/\d{2}$/.test(t ?? ''))).toEqual([]);
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(ticks()).toContain('Mar 2026');
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });

  it('without a handler nothing moves', () => {
    render(<ReadOnly />);
    const bar = screen.getByRole('button', { name: /^Probar/ });
    expect(bar.getAttribute('aria-describedby')).toBeNull();
  });

  it('draws only the rows in view of 2,000', () => {
    render(<TwoThousand />);
    const rows = screen.getAllByRole('listitem');
    expect(rows.length).toBeLessThan(60);
    expect(rows[0].getAttribute('aria-setsize')).toBe('2100');
  });
});
