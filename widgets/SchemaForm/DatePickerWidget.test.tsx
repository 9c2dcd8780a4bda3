import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
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

  it('keeps a date that does not exist as typed, says so at once, and does not save it until corrected', async () => {
    render(<WithValue />);
    expect(input().value).toBe('29/02/2024');
    type('31/02/2024');
    expect(await screen.findByText('Ingrese una fecha válida (dd/mm/aaaa)')).toBeTruthy();
    fireEvent.blur(input());
    // the calendar writes its (now no) day into the field a frame later: what was typed stays
    await new Promise((r) => setTimeout(r, 50));
    expect(input().value).toBe('31/02/2024');
    expect(value()).toEqual({ fecha: '31/02/2024' });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.activeElement).toBe(input()));
    expect(screen.getByText('Ingrese una fecha válida (dd/mm/aaaa)')).toBeTruthy();
    expect(screen.queryByTestId('form-submitted')).toBeNull();
    type('28/02/2024');
    await waitFor(() => expect(screen.queryByText('Ingrese una fecha válida (dd/mm/aaaa)')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(JSON.parse((await screen.findByTestId('form-submitted')).textContent!)).toEqual({ fecha: '2024-02-28 00:00:00' });
  });

  it('keeps a half-typed date and names it wrong on leaving the field, in either language', async () => {
    render(<Empty />);
    type('12/0');
    expect(screen.queryByText('Ingrese una fecha válida (dd/mm/aaaa)')).toBeNull();
    fireEvent.blur(input());
    expect(await screen.findByText('Ingrese una fecha válida (dd/mm/aaaa)')).toBeTruthy();
    expect(input().value).toBe('12/0');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.activeElement).toBe(input()));
    // the date's own message, not "required": the field is not empty
    expect(screen.queryByText('El campo Fecha es obligatorio')).toBeNull();
    expect(screen.queryByTestId('form-submitted')).toBeNull();
    await act(() => i18next.changeLanguage('en'));
    try {
      expect(await screen.findByText('Enter a valid date (dd/mm/yyyy)')).toBeTruthy();
      await new Promise((r) => setTimeout(r, 100));
      expect((screen.getByLabelText(/^Date\*?$/) as HTMLInputElement).value).toBe('12/0');
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });

  it('stores no date when the field is cleared on purpose', async () => {
    render(<CustomFormat />);
    type('31/04/2025');
    expect(value()).toEqual({ fecha: '31/04/2025' });
    type('');
    fireEvent.blur(input());
    expect(value()).toEqual({});
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(JSON.parse((await screen.findByTestId('form-submitted')).textContent!)).toEqual({});
    expect(screen.queryByText('Ingrese una fecha válida (dd/mm/aaaa)')).toBeNull();
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
