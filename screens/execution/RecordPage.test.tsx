/**
 * The record form's actions bar for staff, the server answered by a fake that keeps one record: the buttons that
 * appear after a new record is saved (Liberar where Guardar was) ignore a press for a moment, so a fast double tap
 * on Guardar saves once and releases nothing; releasing asks first (the record goes to others); the client edit
 * mode's note reads as information.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt } from '../screenTesting';
import i18next from '../../locales/i18n';
import { SETTLE_MS } from '../../widgets/useSettling';
import { api } from '../app/session';
import ExecutionScreen from './ExecutionScreen';

const USER = { id: 11, username: 'carla.rios', roles: ['ROLE_USER'] };
vi.mock('../app/useSession', () => ({ useSession: () => ({ user: USER }) }));

const flow = { id: 1, nombre: 'Ventas', verificado: true, nodos: [] };
let activity: Record<string, unknown>;
/** The server's record (null until saved), and the calls it took. */
let stored: Record<string, unknown> | null;
let calls: string[];

function server(call: string, body: unknown): unknown {
  calls.push(call);
  const sent = (body ?? {}) as Record<string, unknown>;
  if (call === 'flujo/show/1') return { ...flow, version: 1 };
  if (call === 'actividad/show/2') return { ...activity, version: 1 };
  if (call === 'registro/save') return (stored = { ...sent, id: 40, version: 1, numero: 'PED-000040', estado: 'abierto', asignado_a: USER.id, asignado_nombre: USER.username, items: [] });
  if (call === 'registro/show/40') return { ...stored };
  if (call === 'registro/release/40') return (stored = { ...stored, asignado_a: null, asignado_nombre: null, version: Number(stored!.version) + 1 });
  if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
  return [];
}

const open = (path: string) =>
  renderAt([{ path: '/execution/:flowId/:activityId/:id?/:show?', element: <ExecutionScreen /> }], path);

beforeEach(() => {
  activity = { id: 2, titulo: 'Pedido de cliente', modo_guardado: 'solo_usuario', edicion_cliente: 'no_permitido', edicion_articulo: 'ambos', adjuntos: 'opcional' };
  stored = null;
  calls = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => server(call, body) as never);
});
afterEach(() => vi.restoreAllMocks());

describe('the record form’s actions bar', () => {
  it('a fast second tap on Guardar of a new record saves once and releases nothing: the new buttons settle first', async () => {
    const user = userEvent.setup();
    open('/execution/1/2/create');
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    // the second tap lands where Guardar was, on the button that took its place a moment ago
    const release = await screen.findByRole('button', { name: 'Liberar' });
    await user.click(release).catch(() => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c === 'registro/save' || c.startsWith('registro/release'))).toEqual(['registro/save']);

    // settled, it takes a press again
    await act(() => new Promise((r) => setTimeout(r, SETTLE_MS + 50)));
    await user.click(screen.getByRole('button', { name: 'Liberar' }));
    await screen.findByRole('dialog', { name: '¿Liberar el registro?' });
  });

  it('releasing asks first: cancelling keeps the record; confirming hands it to others', async () => {
    stored = { id: 40, version: 3, numero: 'PED-000040', fecha: '2026-05-04', flujo: 1, actividad: 2, estado: 'abierto', asignado_a: USER.id, asignado_nombre: USER.username, items: [] };
    open('/execution/1/2/40');
    const release = await screen.findByRole('button', { name: 'Liberar' });
    await act(() => new Promise((r) => setTimeout(r, SETTLE_MS + 50)));
    fireEvent.click(release);
    let ask = await screen.findByRole('dialog', { name: '¿Liberar el registro?' });
    expect(ask.textContent).toContain('Deja de estar a su cargo: sale de «Registros a mi cargo» y otro responsable de la actividad puede tomarlo.');
    fireEvent.click(within(ask).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).not.toContain('registro/release/40');

    fireEvent.click(screen.getByRole('button', { name: 'Liberar' }));
    ask = await screen.findByRole('dialog', { name: '¿Liberar el registro?' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Liberar' }));
    await screen.findByRole('button', { name: 'Tomar' });
    expect(calls.filter((c) => c === 'registro/release/40')).toHaveLength(1);
  });

  it('a client typed in the inline dialog holds a move away as typed data of the record does', async () => {
    activity = { ...activity, edicion_cliente: 'ambos' };
    stored = { id: 40, version: 3, numero: 'PED-000040', fecha: '2026-05-04', flujo: 1, actividad: 2, estado: 'abierto', asignado_a: USER.id, asignado_nombre: USER.username, items: [] };
    const { router } = open('/execution/1/2/40');
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo cliente' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nuevo cliente' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /^Razón social/ }), { target: { value: 'Ferretería Norte' } });
    await act(() => router.navigate('/execution/1/2'));
    const ask = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cambios sin guardar' })).toBeNull());
    expect(router.state.location.pathname).toBe('/execution/1/2/40');
    expect((within(dialog).getByRole('textbox', { name: /^Razón social/ }) as HTMLInputElement).value).toBe('Ferretería Norte');
  });

  it('says what the client edit mode leaves out as information, not as an error, in either language', async () => {
    open('/execution/1/2/create');
    const note = await screen.findByText('Los clientes se eligen de la lista; esta actividad no permite crearlos ni modificarlos aquí.');
    expect(note.closest('[role="alert"]')).toBeNull();
    expect(screen.getByRole('combobox', { name: /^Cliente/ }).getAttribute('aria-invalid')).not.toBe('true');
    await act(() => i18next.changeLanguage('en'));
    try {
      await screen.findByText('Clients are picked from the list; this activity does not allow creating or changing them here.');
    } finally {
      await act(() => i18next.changeLanguage('es'));
    }
  });
});
