/**
 * A received cheque's collection day in the record form, over a fake server holding one receipt: a day typed that
 * is none stays in the item's field and says so, and the record is not saved until it is corrected (it used to be
 * sent without the day, and refused as if none had been typed).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../screenTesting';
import { api } from '../app/session';
import { RecordPage } from './RecordPage';
import type { Place } from './place';
import { fakeRecordServer } from './fakeRecordServer';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { id: 1, username: 'carla.rios', roles: ['ROLE_USER'] } }) }));

const place: Place = { flow: { id: 1, nombre: 'Cobranzas' }, activity: { id: 4, titulo: 'Recibo', impacto_stock: 'ingreso' } };
const CHEQUE = { id: 3, nombre: 'Cheque de terceros', codigo_interno: 'CHQ', es_cheque: true, alicuota_iva: 0 };
const WRONG = 'Ingrese una fecha válida (dd/mm/aaaa)';

let fake: ReturnType<typeof fakeRecordServer>;

beforeEach(() => {
  fake = fakeRecordServer({
    id: 9, version: 1, numero: 'REC-000009', estado: 'abierto', flujo: 1, actividad: 4, fecha: '2026-11-20', asignado_a: 1,
    items: [{ id: 90, articulo: 3, cantidad: 1, precio_unitario: 1000, banco: 'Nación', fecha_cobro: '2026-12-15', identificador: '0001234' }],
  }, [CHEQUE]);
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => fake.answer(call, body) as never);
});
afterEach(() => vi.restoreAllMocks());

const open = () => renderAt([{ path: '/execution/:flowId/:activityId/:id', element: <RecordPage place={place} id="9" show={false} /> }], '/execution/1/4/9');
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

describe('a cheque’s collection day in the record form', () => {
  it('keeps a day typed that is none, names it once left, and saves nothing until it is corrected', async () => {
    open();
    const day = (await screen.findByLabelText(/^Fecha de cobro \(ítem 1\)/)) as HTMLInputElement;
    expect(day.value).toBe('15/12/2026');
    fireEvent.change(day, { target: { value: '31/02/2027' } });
    fireEvent.blur(day);
    await waitFor(() => expect(day.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(messageOf(day)).toBe(WRONG));

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.activeElement).toBe(day));
    expect(day.value).toBe('31/02/2027');
    expect(messageOf(day)).toBe(WRONG);
    expect(fake.state.sent).toHaveLength(0);

    fireEvent.change(day, { target: { value: '28/02/2027' } });
    await waitFor(() => expect(day.getAttribute('aria-invalid')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(fake.state.sent).toHaveLength(1));
    expect((fake.state.sent[0].items as Record<string, unknown>[])[0]).toMatchObject({ id: 90, articulo: 3, banco: 'Nación', fecha_cobro: '2027-02-28', identificador: '0001234' });
  });

  it('names a day half typed when saving, though the field was never left', async () => {
    open();
    const day = (await screen.findByLabelText(/^Fecha de cobro \(ítem 1\)/)) as HTMLInputElement;
    fireEvent.change(day, { target: { value: '15/1' } });
    expect(day.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(day.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(messageOf(day)).toBe(WRONG));
    await waitFor(() => expect(document.activeElement).toBe(day));
    expect(day.value).toBe('15/1');
    expect(fake.state.sent).toHaveLength(0);
  });
});
