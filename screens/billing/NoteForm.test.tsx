/**
 * The note form: numbers as the user's language writes them, a wrong entry named at its field and nothing issued
 * (it was left out, and a credit note whose every entry was left out credited everything), and a credit of all
 * that remains said on its button.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import i18next from '../../locales/i18n';
import { UiProvider } from '../../widgets/UiProvider';
import type { InvoiceDetail } from './calls';
import { NoteForm } from './NoteForm';

const invoice: InvoiceDetail = {
  id: 1, tipo: 'factura', letra: 'A', punto_venta: 1, numero: 1, estado: 'emitida', importe_total: 242, observaciones: [],
  acreditable: { total: 242, items: [{ item: 7, articulo: 3, descripcion: null, alicuota: 21, cantidad: 2 }] },
};

function open(kind: 'nota_credito' | 'nota_debito') {
  const onIssue = vi.fn();
  render(
    <UiProvider>
      <NoteForm kind={kind} invoice={invoice} articleName={() => 'Clavo'} busy={false} onIssue={onIssue} onCancel={() => {}} />
    </UiProvider>,
  );
  return onIssue;
}
const units = () => screen.getByRole('textbox', { name: /^Clavo \(quedan 2\)/ });

afterEach(() => act(() => void i18next.changeLanguage('es')));

describe('NoteForm', () => {
  it('a credit note with nothing chosen says on its button that it credits all that remains', () => {
    const onIssue = open('nota_credito');
    fireEvent.click(screen.getByRole('button', { name: 'Acreditar todo lo que queda ($ 242)' }));
    expect(onIssue).toHaveBeenCalledWith({});
  });

  it('names a wrong number of units and issues nothing, where it used to credit everything', async () => {
    const onIssue = open('nota_credito');
    fireEvent.change(units(), { target: { value: '-1' } });
    expect(await screen.findByText('Debe ser mayor que 0')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    fireEvent.change(units(), { target: { value: 'uno' } });
    expect(await screen.findByText('Ingrese un número')).toBeTruthy();
    fireEvent.change(units(), { target: { value: '3' } });
    expect(await screen.findByText('El valor máximo es 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    expect(onIssue).not.toHaveBeenCalled();
    expect(units().getAttribute('aria-invalid')).toBe('true');
  });

  it('reads "1,5" units and "1.000,50" pesos in Spanish, "1.5" in English', async () => {
    const onIssue = open('nota_credito');
    fireEvent.change(units(), { target: { value: '1,5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Importe neto' }), { target: { value: '1.000,50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Emitir nota de crédito' }));
    expect(onIssue).toHaveBeenLastCalledWith({ items: [{ item: 7, cantidad: 1.5 }], importes: [{ alicuota: 21, neto: 1000.5 }] });
    await act(() => i18next.changeLanguage('en'));
    fireEvent.change(screen.getByRole('textbox', { name: /^Clavo \(2 left\)/ }), { target: { value: '0.5' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Net amount' }), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Issue credit note' }));
    expect(onIssue).toHaveBeenLastCalledWith({ items: [{ item: 7, cantidad: 0.5 }] });
  });

  it('a debit note asks for its amount before it is issued', async () => {
    const onIssue = open('nota_debito');
    expect(screen.queryByText('El campo Importe neto es obligatorio')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Emitir nota de débito' }));
    expect(await screen.findByText('El campo Importe neto es obligatorio')).toBeTruthy();
    expect(onIssue).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole('textbox', { name: /^Importe neto/ }), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Emitir nota de débito' }));
    expect(onIssue).toHaveBeenCalledWith({ importes: [{ alicuota: 21, neto: 50 }] });
  });
});
