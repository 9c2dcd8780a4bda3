import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './ItemsGrid.stories';

const { Editing, Shown, WithErrors } = composeStories(stories);

const total = () => screen.getByRole('region', { name: 'Totales' }).querySelectorAll('dd')[screen.getByRole('region', { name: 'Totales' }).querySelectorAll('dd').length - 1].textContent;

describe('ItemsGrid', () => {
  it('prices each line and the record as the user types (the list price when none is typed)', () => {
    render(<Editing />);
    // 2 × 9,800 + 21 % VAT; 2.5 × 0.41 − 10 % = 0.92 + 10.5 % VAT
    expect(screen.getByTestId('item-total-1').textContent).toBe('23.716,00');
    expect(screen.getByTestId('item-total-2').textContent).toBe('1,02');
    expect((screen.getByRole('textbox', { name: 'Precio unitario, ítem 1' }) as HTMLInputElement).placeholder).toBe('9.800');
    fireEvent.change(screen.getByRole('textbox', { name: 'Cantidad, ítem 1' }), { target: { value: '3' } });
    expect(screen.getByTestId('item-total-1').textContent).toBe('35.574,00');
    expect(total()).toBe('35.575,02');
    // a thousand written as the app writes it is a thousand, not one
    fireEvent.change(screen.getByRole('textbox', { name: 'Cantidad, ítem 1' }), { target: { value: '1.000' } });
    expect(screen.getByTestId('item-total-1').textContent).toBe('11.858.000,00');
    fireEvent.change(screen.getByRole('textbox', { name: 'Cantidad, ítem 1' }), { target: { value: '1.5' } });
    expect(screen.getByTestId('item-total-1').textContent).toBe('17.787,00');
  });

  it('a quantity that is no number says a number is wanted once the user leaves the cell', () => {
    render(<Editing />);
    const quantity = screen.getByRole('textbox', { name: 'Cantidad, ítem 1' });
    fireEvent.focus(quantity);
    fireEvent.change(quantity, { target: { value: 'abc' } });
    expect(quantity.getAttribute('aria-invalid')).toBeNull();
    fireEvent.focus(screen.getByRole('textbox', { name: 'Cantidad, ítem 2' }));
    expect(quantity.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent).toBe('Ingrese un número');
    fireEvent.change(quantity, { target: { value: '4' } });
    expect(quantity.getAttribute('aria-invalid')).toBeNull();
  });

  it('Enter on the last row adds a row and takes the focus to its article', async () => {
    render(<Editing />);
    const quantity = screen.getByRole('textbox', { name: 'Cantidad, ítem 2' });
    fireEvent.focus(quantity);
    fireEvent.keyDown(quantity, { key: 'Enter' });
    const article = await screen.findByRole('combobox', { name: 'Artículo, ítem 3' });
    await waitFor(() => expect(document.activeElement).toBe(article));
    fireEvent.click(screen.getByRole('button', { name: 'Quitar el ítem 3' }));
    expect(screen.queryByRole('combobox', { name: 'Artículo, ítem 3' })).toBeNull();
  });

  it('shows the record read-only, and a cell error beside its cell', () => {
    render(<Shown />);
    expect(screen.queryByRole('button', { name: 'Agregar ítem' })).toBeNull();
    // its numbers as the app writes them
    expect(screen.getAllByRole('cell').map((c) => c.textContent)).toEqual(expect.arrayContaining(['2,5', '0,41', '-10', '1.200', '18.000']));
    expect(screen.queryByRole('textbox', { name: 'Cantidad, ítem 1' })).toBeNull();
    render(<WithErrors />);
    const cell = screen.getByRole('textbox', { name: 'Cantidad, ítem 1' });
    expect(cell.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(cell.getAttribute('aria-describedby')!)?.textContent).toBe('El valor mínimo es 0');
  });
});
