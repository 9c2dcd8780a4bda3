/**
 * The Timeline by touch (a phone: a touch screen, ../useTouchScreen.ts, mocked here, as jsdom evaluates no media query) and what a
 * mouse and the keyboard keep: big bars, the hint for the pointer in hand, a tap that shows a bar's moves as
 * buttons, and a finger that scrolls instead of dragging a bar it has not chosen.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import axe from 'axe-core';
import { composeStories } from '@storybook/react-vite';
import * as stories from './Timeline.stories';
import { TOUCH_SCREEN } from '../useTouchScreen';
import { mediaQueryStub } from '../mediaQueryStub';

const { Default, Phone, ReadOnly } = composeStories(stories);

const TOUCH_HINT = /^Toque una tarea para ver sus fechas/;
const KEYBOARD_HINT = 'Flechas: mover un día. Mayúscula y flechas: cambiar el fin.';

/** The page's media queries, answered as a phone (`coarse`) or a desktop would. */
function pointer(kind: 'coarse' | 'fine') {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => mediaQueryStub(query, kind === 'coarse' && query === TOUCH_SCREEN));
}

const barOf = (name: RegExp) => screen.getByRole('button', { name });

/** A finger (or a mouse) pressed at `x` and lifted at `x + dx`, as a browser reports it. */
function press(bar: HTMLElement, pointerType: 'touch' | 'mouse', dx = 0, x = 100) {
  fireEvent.pointerDown(bar, { pointerType, pointerId: 1, button: 0, clientX: x });
  if (dx) fireEvent.pointerMove(bar, { pointerType, pointerId: 1, clientX: x + dx / 2 });
  if (dx) fireEvent.pointerMove(bar, { pointerType, pointerId: 1, clientX: x + dx });
  fireEvent.pointerUp(bar, { pointerType, pointerId: 1, button: 0, clientX: x + dx });
  fireEvent.click(bar);
}

/** The bar laid out from 0 to 300 px (jsdom lays nothing out): a press at 100 is on its body, not its end. */
const laidOut = (bar: HTMLElement) => vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue({ left: 0, right: 300, top: 0, bottom: 44, width: 300, height: 44, x: 0, y: 0, toJSON: () => ({}) });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Timeline on a touch screen', () => {
  beforeEach(() => pointer('coarse'));

  it('makes bars 44 px targets in 48 px rows and says what to do by touch, not by keyboard', () => {
    render(<Phone />);
    const list = screen.getByRole('list', { name: 'Planificación' });
    expect(list.parentElement!.getAttribute('data-touch')).toBe('true');
    expect(getComputedStyle(barOf(/^Probar/)).height).toBe('44px');
    expect(screen.getAllByRole('listitem')[1].style.transform).toBe('translateY(48px)');

    const hint = screen.getByText(TOUCH_HINT);
    expect(hint.id).toBeTruthy();
    expect(barOf(/^Probar/).getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.queryByText(KEYBOARD_HINT)).toBeNull();
  });

  it('a tap on a bar shows its dates and its moves as buttons, which reschedule it as the arrow keys do', async () => {
    const onReschedule = vi.fn();
    render(<Phone onReschedule={onReschedule} />);
    press(barOf(/^Instalar: 2026-03-07/), 'touch');
    expect(onReschedule).not.toHaveBeenCalled();
    const panel = screen.getByRole('group', { name: 'Instalar: 2026-03-07 – 2026-03-10, crítica' });
    expect(barOf(/^Instalar: 2026-03-07/).getAttribute('aria-controls')).toBe(panel.id);
    expect(barOf(/^Instalar: 2026-03-07/).getAttribute('data-selected')).toBe('true');

    fireEvent.click(within(panel).getByRole('button', { name: 'Mover un día después' }));
    expect(onReschedule).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'f' }), { start: '2026-03-08', end: '2026-03-11' });
    // the story applies the dates, as a screen does once the server agreed: the panel moves the bar from there
    fireEvent.click(within(panel).getByRole('button', { name: 'Mover un día antes' }));
    expect(onReschedule).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'f' }), { start: '2026-03-07', end: '2026-03-10' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Fin un día después' }));
    expect(onReschedule).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'f' }), { start: '2026-03-07', end: '2026-03-11' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Fin un día antes' }));
    expect(onReschedule).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'f' }), { start: '2026-03-07', end: '2026-03-10' });

    // with the panel open the page passes axe too
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } }, resultTypes: ['violations'] });
    expect(result.violations.filter((v) => v.impact).map((v) => v.id)).toEqual([]);

    fireEvent.click(within(panel).getByRole('button', { name: 'Cerrar' }));
    expect(screen.queryByRole('group', { name: /^Instalar/ })).toBeNull();
    expect(barOf(/^Instalar: 2026-03-07/).getAttribute('data-selected')).toBeNull();
  });

  it('offers only the moves the locks allow: a started task its end, a finished one nothing', () => {
    render(<Phone />);
    press(barOf(/^Instalar: 2026-03-04/), 'touch');
    const started = screen.getByRole('group', { name: /^Instalar: 2026-03-04/ });
    expect(within(started).queryByRole('button', { name: /^Mover/ })).toBeNull();
    within(started).getByRole('button', { name: 'Fin un día después' });

    press(barOf(/^Medir: 2026-03-02/), 'touch');
    const finished = screen.getByRole('group', { name: /^Medir: 2026-03-02/ });
    expect(within(finished).queryByRole('button', { name: /^(Mover|Fin)/ })).toBeNull();
    within(finished).getByText('En su estado no se puede reprogramar.');
    // one panel at a time: the last bar tapped
    expect(screen.queryByRole('group', { name: /^Instalar/ })).toBeNull();
  });

  it('a finger sliding over a bar it has not chosen scrolls, not drags; a chosen bar drags', () => {
    const onReschedule = vi.fn();
    render(<Phone onReschedule={onReschedule} />);
    const limpiar = barOf(/^Limpiar/);
    laidOut(limpiar);
    // the browser scrolls and cancels the pointer: nothing moved, nothing chosen
    fireEvent.pointerDown(limpiar, { pointerType: 'touch', pointerId: 1, button: 0, clientX: 100 });
    fireEvent.pointerMove(limpiar, { pointerType: 'touch', pointerId: 1, clientX: 140 });
    expect(limpiar.style.transform).toBe('');
    fireEvent.pointerCancel(limpiar, { pointerType: 'touch', pointerId: 1 });
    expect(limpiar.getAttribute('data-selected')).toBeNull();
    // a slide that ends on the bar does not drag it either: it only chooses it
    press(limpiar, 'touch', 64);
    expect(onReschedule).not.toHaveBeenCalled();
    expect(limpiar.getAttribute('data-selected')).toBe('true');

    // chosen, it drags: 64 px at day zoom is two days
    press(limpiar, 'touch', 64);
    expect(onReschedule).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'd' }), { start: '2026-03-04', end: '2026-03-04' });
    // the click that ends a drag keeps the panel as it was
    expect(screen.getByRole('group', { name: /^Limpiar/ })).toBeTruthy();
  });

  it('a screen reader’s activation (a click with no pointer before it) opens the panel too', () => {
    render(<Phone />);
    fireEvent.click(barOf(/^Probar/));
    expect(screen.getByRole('group', { name: /^Probar/ })).toBeTruthy();
  });

  it('a read-only timeline shows a tapped bar’s dates and no moves, nor a hint to move', () => {
    render(<ReadOnly />);
    press(barOf(/^Probar/), 'touch');
    const panel = screen.getByRole('group', { name: /^Probar/ });
    expect(within(panel).queryByRole('button', { name: /^(Mover|Fin)/ })).toBeNull();
    expect(within(panel).queryByText('En su estado no se puede reprogramar.')).toBeNull();
    expect(screen.queryByText(TOUCH_HINT)).toBeNull();
    expect(screen.queryByText(KEYBOARD_HINT)).toBeNull();
  });

  it('speaks English', async () => {
    render(<Phone />);
    press(barOf(/^Probar/), 'touch');
    const panel = screen.getByRole('group', { name: /^Probar/ });
    // the stories' language is set by Storybook's toolbar on render: switched after, as a user does
    await act(() => i18next.changeLanguage('en'));
    for (const name of ['Move one day earlier', 'Move one day later', 'End one day earlier', 'End one day later', 'Close']) within(panel).getByRole('button', { name });
  });
});

describe('Timeline with a mouse and a keyboard (as before)', () => {
  beforeEach(() => pointer('fine'));

  it('keeps the desktop rows and the keyboard hint, and no touch hint', () => {
    render(<Default />);
    const list = screen.getByRole('list', { name: 'Planificación' });
    expect(list.parentElement!.getAttribute('data-touch')).toBeNull();
    expect(getComputedStyle(barOf(/^Probar/)).height).toBe('22px');
    expect(screen.getAllByRole('listitem')[1].style.transform).toBe('translateY(36px)');
    const hint = screen.getByText(KEYBOARD_HINT);
    expect(barOf(/^Probar/).getAttribute('aria-describedby')).toBe(hint.id);
    expect(screen.queryByText(TOUCH_HINT)).toBeNull();
  });

  it('a mouse drags a bar at once; a click or Enter opens no panel', () => {
    const onReschedule = vi.fn();
    render(<Default onReschedule={onReschedule} />);
    const limpiar = barOf(/^Limpiar/);
    laidOut(limpiar);
    press(limpiar, 'mouse', 64);
    expect(onReschedule).toHaveBeenLastCalledWith(expect.objectContaining({ id: 'd' }), { start: '2026-03-04', end: '2026-03-04' });
    press(barOf(/^Probar/), 'mouse');
    fireEvent.click(barOf(/^Probar/));
    expect(screen.queryByRole('group', { name: /^Probar/ })).toBeNull();
    expect(onReschedule).toHaveBeenCalledTimes(1);
  });

  it('a finger on a touch laptop still gets the panel (the kind of the press decides, not only the screen)', () => {
    render(<Default />);
    press(barOf(/^Probar/), 'touch');
    expect(screen.getByRole('group', { name: /^Probar/ })).toBeTruthy();
  });
});
