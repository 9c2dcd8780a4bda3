import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './ItemsGrid.stories';
import * as totalsStories from './TotalsPanel.stories';

const { Editing, Shown, WithErrors, WrongNumber } = composeStories(stories);
const TotalsStories = composeStories(totalsStories);

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

  it('separators that contradict each other are refused at the cell, said as such, and the line is left out of the totals', () => {
    render(<Editing />);
    const price = screen.getByRole('textbox', { name: 'Precio unitario, ítem 1' });
    fireEvent.focus(price);
    fireEvent.change(price, { target: { value: '2,5.3' } });
    fireEvent.focus(screen.getByRole('textbox', { name: 'Cantidad, ítem 2' }));
    expect(price.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(price.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Los separadores no concuerdan: la coma separa los decimales (2,5) y el punto, los miles (1.250)',
    );
    expect(screen.getByTestId('item-total-1').textContent).toBe('—');
    expect(total()).toBe('1,02');
    expect(screen.getByText('Sin contar 1 ítem con errores')).toBeTruthy();
    // a number the language writes is fine again
    fireEvent.change(price, { target: { value: '1.250' } });
    expect(price.getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('item-total-1').textContent).toBe('3.025,00');
  });

  it('a negative quantity is an error at its cell, and its line counts in no total', () => {
    render(<WrongNumber />);
    const quantity = screen.getByRole('textbox', { name: 'Cantidad, ítem 1' });
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent).toBe('Debe ser mayor que 0');
    expect(screen.getByTestId('item-total-1').textContent).toBe('—');
    expect(total()).toBe('1,02');
    expect(screen.getByText('Sin contar 1 ítem con errores')).toBeTruthy();
    fireEvent.change(quantity, { target: { value: '2' } });
    expect(quantity.getAttribute('aria-invalid')).toBeNull();
    expect(total()).toBe('23.717,02');
  });

  it('the totals panel writes exact amounts digit for digit', () => {
    render(<TotalsStories.HugeWithLineLeftOut />);
    expect(total()).toBe('1.209.999.999.987.900.000,01');
    expect(screen.getByText('Sin contar 1 ítem con errores')).toBeTruthy();
  });

  it('huge amounts show their own digits, not a float’s', () => {
    render(<Editing />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Cantidad, ítem 1' }), { target: { value: '1.000.000.000' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Precio unitario, ítem 1' }), { target: { value: '999.999.999,99' } });
    // 999.999.999.990.000.000 + 21 % VAT; plus the second line's 1,02
    expect(screen.getByTestId('item-total-1').textContent).toBe('1.209.999.999.987.900.000,00');
    expect(total()).toBe('1.209.999.999.987.900.001,02');
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

  it('the article cell: Enter picks the one article a typed text matches, and the line is priced with it', async () => {
    render(<Editing />);
    const article = screen.getByRole('combobox', { name: 'Artículo, ítem 1' }) as HTMLInputElement;
    fireEvent.focus(article);
    fireEvent.change(article, { target: { value: 'clavo' } });
    fireEvent.keyDown(article, { key: 'Enter' });
    await waitFor(() => expect(article.value).toBe('CLA-2 · Clavo punta París 2"'));
    // 2 × 5,200 + 21 % VAT
    expect(screen.getByTestId('item-total-1').textContent).toBe('12.584,00');
  });

  it('leaving the article cell with a text that picked nothing shows its article again and says so', async () => {
    render(<Editing />);
    const article = screen.getByRole('combobox', { name: 'Artículo, ítem 1' }) as HTMLInputElement;
    await waitFor(() => expect(article.value).toBe('CEM-050 · Cemento portland 50 kg'));
    fireEvent.focus(article);
    fireEvent.change(article, { target: { value: 'clavo' } });
    fireEvent.blur(article);
    expect(article.value).toBe('CEM-050 · Cemento portland 50 kg');
    expect(document.getElementById(article.getAttribute('aria-describedby')!)?.textContent).toBe('«clavo» no se eligió: elija una opción de la lista');
    expect(screen.getByTestId('item-total-1').textContent).toBe('23.716,00');
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
    expect(document.getElementById(cell.getAttribute('aria-describedby')!)?.textContent).toBe('Debe ser mayor que 0');
  });
});
