import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './DatePickerWidget.stories';
import { formatDate, toDayMonthYear, today } from '../../engine/dates';

const { Empty, WithValue, AutoSelect, CustomFormat } = composeStories(stories);

const input = () => screen.getByLabelText(/^Fecha\*?$/) as HTMLInputElement;
const value = () => JSON.parse(screen.getByTestId('form-value').textContent!);
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });

describe('DatePickerWidget', () => {
  it('shows the format, not a grey today that reads like a value, and sets no value', () => {
    render(<Empty />);
    expect(input().value).toBe('');
    expect(input().placeholder).toBe('dd/mm/aaaa');
    expect(value()).toEqual({});
  });

  it('masks typing as DD/MM/YYYY and emits a real date in the default format', () => {
    render(<Empty />);
    type('2902');
    expect(input().value).toBe('29/02');
    type('29022024');
    expect(input().value).toBe('29/02/2024');
    expect(value()).toEqual({ fecha: '2024-02-29 00:00:00' });
  });

  it('leaves the value empty for a date that does not exist', () => {
    render(<WithValue />);
    expect(input().value).toBe('29/02/2024');
    type('31/02/2024');
    expect(value()).toEqual({});
    fireEvent.blur(input());
    expect(input().value).toBe('');
    type('29/02/2023');
    expect(value()).toEqual({});
  });

  it('shows the required message when left empty', async () => {
    render(<Empty />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El campo Fecha es obligatorio')).toBeTruthy();
  });

  it('sets today with autoSelect', async () => {
    render(<AutoSelect />);
    await waitFor(() => expect(value()).toEqual({ fecha: formatDate(today()) }));
    expect(input().value).toBe(toDayMonthYear(today()));
  });

  it('reads and writes the configured format', () => {
    render(<CustomFormat />);
    expect(input().value).toBe('01/03/2024');
    type('15/08/2025');
    expect(value()).toEqual({ fecha: '15.08.2025' });
  });

  it('opens a calendar with today highlighted', async () => {
    render(<Empty />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir calendario' }));
    await waitFor(() => expect(document.querySelector('[data-part="table-cell-trigger"][data-today]')).not.toBeNull());
    expect(value()).toEqual({});
    // what a screen reader says is Spanish too (the calendar's own texts are English)
    expect(screen.getByRole('button', { name: 'Mes anterior' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mes siguiente' })).toBeTruthy();
    expect(document.querySelector('[data-part="table-cell-trigger"][data-today]')!.getAttribute('aria-label')).toMatch(/^Elegir el /);
  });
});
