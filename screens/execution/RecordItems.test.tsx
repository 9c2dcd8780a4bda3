/**
 * The record form's items over a fake server holding one order: what is typed in the grid means what it meant
 * when typed, whatever the language is at save time, and a cell's error follows the cell once a save was stopped.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { renderAt } from '../screenTesting';
import { api } from '../app/session';
import { RecordPage } from './RecordPage';
import type { Place } from './place';
import { fakeRecordServer } from './fakeRecordServer';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { id: 1, username: 'carla.rios', roles: ['ROLE_USER'] } }) }));

const place: Place = { flow: { id: 1, nombre: 'Ventas' }, activity: { id: 2, titulo: 'Pedido de cliente', usa_listas_precio: true, lista_precio: 'Minorista' } };
const CEMENTO = { id: 1, nombre: 'Cemento portland 50 kg', codigo_interno: 'CEM-050', alicuota_iva: 21, listas_precio: [{ lista: 'Minorista', precio: 210 }] };

let fake: ReturnType<typeof fakeRecordServer>;

beforeEach(() => {
  fake = fakeRecordServer({ id: 7, version: 1, numero: 'PED-000007', estado: 'abierto', flujo: 1, actividad: 2, fecha: '2026-11-20', asignado_a: 1, items: [{ id: 70, articulo: 1, cantidad: 2 }] }, [CEMENTO]);
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => fake.answer(call, body) as never);
});
afterEach(() => vi.restoreAllMocks());

const open = () => renderAt([{ path: '/execution/:flowId/:activityId/:id', element: <RecordPage place={place} id="7" show={false} /> }], '/execution/1/2/7');
const totalShown = () => [...screen.getByRole('region', { name: /^(Totales|Totals)$/ }).querySelectorAll('dd')].at(-1)?.textContent;

describe('the record form’s items', () => {
  it('saves a quantity typed in Spanish as typed after a switch to English: 1.000 is a thousand', async () => {
    open();
    const quantity = await screen.findByRole('textbox', { name: 'Cantidad, ítem 1' });
    await waitFor(() => expect(totalShown()).toBe('508,20'));
    fireEvent.change(quantity, { target: { value: '1.000' } });
    // 1000 × 210 + 21 % VAT
    expect(totalShown()).toBe('254.100,00');
    await act(() => i18next.changeLanguage('en'));
    // the cell says its number as English writes it, and the total is the one it was
    const english = screen.getByRole('textbox', { name: 'Quantity, item 1' }) as HTMLInputElement;
    await waitFor(() => expect(english.value).toBe('1000'));
    expect(totalShown()).toBe('254,100.00');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(fake.state.sent).toHaveLength(1));
    expect((fake.state.sent[0].items as Record<string, unknown>[])[0]).toMatchObject({ id: 70, articulo: 1, cantidad: 1000 });
  });

  it('a cell’s error, once a save was stopped, follows the cell: corrected, it goes', async () => {
    open();
    const quantity = await screen.findByRole('textbox', { name: 'Cantidad, ítem 1' });
    await waitFor(() => expect(totalShown()).toBe('508,20'));
    // typed in the cell, which keeps being the grid's active one (its own hint waits for the user to leave it)
    fireEvent.focus(quantity);
    fireEvent.change(quantity, { target: { value: '0' } });
    expect(quantity.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(quantity.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent).toBe('Debe ser mayor que 0');
    expect(fake.state.sent).toHaveLength(0);
    // another wrong value says its own message; a right one, none
    fireEvent.change(quantity, { target: { value: '2000000000' } });
    expect(document.getElementById(quantity.getAttribute('aria-describedby')!)?.textContent).toBe('El valor máximo es 1.000.000.000');
    fireEvent.change(quantity, { target: { value: '3' } });
    expect(quantity.getAttribute('aria-invalid')).toBeNull();
  });
});
