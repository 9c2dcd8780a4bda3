import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './DayInput.stories';

const { WithDay, TypedWrong } = composeStories(stories);
const WRONG = 'Ingrese una fecha válida (dd/mm/aaaa)';

const input = () => screen.getByLabelText('Inicio') as HTMLInputElement;
/** What the caller holds. */
const value = () => JSON.parse(screen.getByTestId('day-value').textContent ?? '""');
/** The texts that describe the input to a screen reader. */
const described = () =>
  (input().getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean).map((id) => document.getElementById(id)?.textContent);

describe('DayInput', () => {
  it('hands on a text that is no day as typed, and says when to name it wrong: once left, or typed in full', async () => {
    render(<WithDay />);
    expect(input().value).toBe('10/03/2026');
    fireEvent.change(input(), { target: { value: '12/0' } });
    expect(value()).toBe('12/0');
    expect(screen.queryByText(WRONG)).toBeNull();
    fireEvent.blur(input());
    expect(await screen.findByText(WRONG)).toBeTruthy();
    // named as any field's error is: marked invalid, the message describing the input
    expect(input().getAttribute('aria-invalid')).toBe('true');
    expect(described()).toEqual([WRONG]);
    await new Promise((r) => setTimeout(r, 50));
    expect(input().value).toBe('12/0');
    expect(value()).toBe('12/0');
    fireEvent.change(input(), { target: { value: '31/02/2026' } });
    expect(value()).toBe('31/02/2026');
    expect(screen.getByText(WRONG)).toBeTruthy();
    fireEvent.change(input(), { target: { value: '28/02/2026' } });
    expect(value()).toBe('2026-02-28');
    expect(screen.queryByText(WRONG)).toBeNull();
    expect(input().getAttribute('aria-invalid')).toBeNull();
    fireEvent.change(input(), { target: { value: '' } });
    fireEvent.blur(input());
    expect(value()).toBe('');
    expect(screen.queryByText(WRONG)).toBeNull();
  });

  it('shows a text that is no day given back by its caller as it was typed', () => {
    render(<TypedWrong />);
    expect(input().value).toBe('31/02/2026');
    expect(value()).toBe('31/02/2026');
  });
});
