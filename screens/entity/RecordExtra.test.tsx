/**
 * A form's own buttons (./RecordExtra.tsx) with typed data, the server answered by a fake that keeps the records
 * (a save meets the version it read: 409 when stale): the button asks first; keeping on editing keeps what was
 * typed and writes nothing; saving stores it, then the button acts, and a later save meets the server's version.
 * The stock adjustment on the article's route form, the next number on the sequence's dialog form, and a new
 * secret of an event subscription (a write of the subscription itself).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import { ApiError } from '../../engine/api/client';
import i18next from '../../locales/i18n';
import { api } from '../app/session';
import EntityFormScreen from './EntityFormScreen';
import EntityDialogScreen from './EntityDialogScreen';
import EventFormScreen from '../events/EventFormScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_ROOT'] } }) }));

/** The server's records by `entity/id`, and the writes it took. */
let stored: Record<string, Record<string, unknown>>;
let writes: { call: string; body: Record<string, unknown> }[];

function server(call: string, body: unknown): unknown {
  const sent = (body ?? {}) as Record<string, unknown>;
  const [entity, verb, id] = call.split('/');
  const key = `${entity}/${id}`;
  const bump = (change: Record<string, unknown>) => (stored[key] = { ...stored[key], ...change, version: Number(stored[key].version) + 1 });
  if (verb === 'show' && key in stored) return { ...stored[key] };
  if (call === 'secuencia/index') return { total: 1, rows: [{ ...stored['secuencia/4'] }] };
  if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
  if (call === 'comunicacion/envio' || call === 'evento/origenes' || call === 'evento/acciones') return [];
  writes.push({ call, body: sent });
  if (verb === 'update') {
    if (sent.version !== stored[key].version) throw new ApiError(409, call, 'VERSION_CONFLICT', 'VERSION_CONFLICT');
    const { version: _v, ...fields } = sent;
    return { ...bump(fields) };
  }
  if (call === 'stock_movimiento/adjust') {
    // the ledger moves, the article's row does not (its version stays)
    const article = stored[`articulo/${sent.articulo}`];
    const ubicaciones = (article.ubicaciones as { nombre: string; cantidad_actual: number }[]).map((u) => (u.nombre === sent.ubicacion ? { ...u, cantidad_actual: u.cantidad_actual + Number(sent.cantidad) } : u));
    stored[`articulo/${sent.articulo}`] = { ...article, ubicaciones };
    return { ubicacion: sent.ubicacion, en_mano: ubicaciones[0].cantidad_actual };
  }
  if (call === 'secuencia/next/4') {
    const value = Number(stored[key].proximo_valor);
    bump({ proximo_valor: value + 1 });
    return { value, formatted: `F-${String(value).padStart(4, '0')}` };
  }
  if (call === 'evento/rotarSecreto/1') {
    bump({});
    return { secreto: 'nuevo-secreto' };
  }
  return {};
}

function open(path: string) {
  return renderAt(
    [
      { path: '/backOffice/stock', element: <p>list</p> },
      { path: '/backOffice/stock/:id/:show?', element: <EntityFormScreen route={routeNode('stockForm')} /> },
      { path: '/backOffice/secuenciasConfig', element: <EntityDialogScreen route={routeNode('secuenciasConfig')} /> },
      { path: '/backOffice/eventosConfig', element: <p>list</p> },
      { path: '/backOffice/eventosConfig/:id/:show?', element: <EventFormScreen route={routeNode('eventosConfigForm')} /> },
    ],
    path,
  );
}

const textbox = (name: RegExp, within_: HTMLElement = document.body) => within(within_).getAllByRole('textbox', { name })[0] as HTMLInputElement;
const asked = () => screen.findByRole('dialog', { name: 'Cambios sin guardar' });
const calls = () => writes.map((w) => w.call);

beforeEach(async () => {
  stored = {
    'articulo/5': { id: 5, version: 3, nombre: 'Tornillo', codigo_interno: 'T-1', activo: true, ubicaciones: [{ id: 1, nombre: 'Depósito', cantidad_actual: 10 }] },
    'secuencia/4': { id: 4, version: 2, nombre: 'Facturas', prefijo: 'F-', relleno_ceros: 4, proximo_valor: 7, reinicio_anual: false },
    'evento/1': { id: 1, version: 2, nombre: 'Hook test', accion: '*', origen: '*', uri: 'https://example.com/hook', host_privado: false, activo: true, debug: false },
  };
  writes = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => server(call, body) as never);
  await act(() => i18next.changeLanguage('es'));
});
afterEach(() => vi.restoreAllMocks());

describe("the article form's stock adjustment with typed data", () => {
  it('asks first: keeping on editing keeps the typing and writes nothing; saving stores it, then adjusts, and a later save does not conflict', async () => {
    open('/backOffice/stock/5');
    await waitFor(() => expect(textbox(/^Código interno/).value).toBe('T-1'));
    fireEvent.change(textbox(/^Código interno/), { target: { value: 'T-2' } });

    fireEvent.click(await screen.findByRole('button', { name: 'Ajustar stock' }));
    let ask = await asked();
    fireEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(textbox(/^Código interno/).value).toBe('T-2');
    expect(writes).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Ajustar stock' }));
    ask = await asked();
    fireEvent.click(within(ask).getByRole('button', { name: 'Guardar y continuar' }));
    const adjust = await screen.findByRole('dialog', { name: 'Ajuste de stock' });
    expect(writes).toEqual([{ call: 'articulo/update/5', body: expect.objectContaining({ version: 3, codigo_interno: 'T-2' }) }]);
    fireEvent.change(within(adjust).getByRole('textbox', { name: /^Cantidad/ }), { target: { value: '5' } });
    fireEvent.click(within(adjust).getByRole('button', { name: 'Ajustar' }));
    await waitFor(() => expect(calls()).toEqual(['articulo/update/5', 'stock_movimiento/adjust']));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // the form shows the record again: what was typed is saved, not dropped
    expect(textbox(/^Código interno/).value).toBe('T-2');

    fireEvent.change(textbox(/^Código interno/), { target: { value: 'T-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('list');
    expect(writes.at(-1)).toEqual({ call: 'articulo/update/5', body: expect.objectContaining({ version: 4, codigo_interno: 'T-3' }) });
    expect(stored['articulo/5']).toMatchObject({ codigo_interno: 'T-3', version: 5 });
  });
});

describe("the sequence dialog's next number", () => {
  const openDialog = async () => {
    open('/backOffice/secuenciasConfig');
    fireEvent.click(await screen.findByRole('button', { name: /^Editar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Secuencia' });
    await waitFor(() => expect(textbox(/^Nombre/, dialog).value).toBe('Facturas'));
    return dialog;
  };

  it('takes it at once on a clean form', async () => {
    const dialog = await openDialog();
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Tomar el próximo número (F-0007)' }));
    await within(dialog).findByRole('button', { name: 'Tomar el próximo número (F-0008)' });
    expect(calls()).toEqual(['secuencia/next/4']);
    expect(screen.queryByRole('dialog', { name: 'Cambios sin guardar' })).toBeNull();
  });

  it('asks first with typed data: keeping on editing keeps it; saving stores it, then takes the number, and a later save does not conflict', async () => {
    const dialog = await openDialog();
    fireEvent.change(textbox(/^Nombre/, dialog), { target: { value: 'Facturas A' } });

    fireEvent.click(await within(dialog).findByRole('button', { name: /^Tomar el próximo número/ }));
    let ask = await asked();
    fireEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cambios sin guardar' })).toBeNull());
    expect(textbox(/^Nombre/, dialog).value).toBe('Facturas A');
    expect(writes).toEqual([]);

    fireEvent.click(within(dialog).getByRole('button', { name: /^Tomar el próximo número/ }));
    ask = await asked();
    fireEvent.click(within(ask).getByRole('button', { name: 'Guardar y continuar' }));
    await within(dialog).findByRole('button', { name: 'Tomar el próximo número (F-0008)' });
    expect(calls()).toEqual(['secuencia/update/4', 'secuencia/next/4']);
    expect(writes[0].body).toMatchObject({ version: 2, nombre: 'Facturas A' });
    expect(textbox(/^Nombre/, dialog).value).toBe('Facturas A');

    fireEvent.change(textbox(/^Nombre/, dialog), { target: { value: 'Facturas B' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(stored['secuencia/4']).toMatchObject({ nombre: 'Facturas B', proximo_valor: 8, version: 5 }));
    expect(writes.at(-1)).toMatchObject({ call: 'secuencia/update/4', body: { version: 4, proximo_valor: 8 } });
  });
});

describe('a dialog form with typed data', () => {
  it('holds a move away (Back, the menu) and asks: staying keeps the typing, leaving drops it and goes', async () => {
    const { router } = open('/backOffice/secuenciasConfig');
    fireEvent.click(await screen.findByRole('button', { name: /^Editar/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Secuencia' });
    await waitFor(() => expect(textbox(/^Nombre/, dialog).value).toBe('Facturas'));
    fireEvent.change(textbox(/^Nombre/, dialog), { target: { value: 'Facturas A' } });

    await act(() => router.navigate('/backOffice/stock'));
    let ask = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cambios sin guardar' })).toBeNull());
    expect(router.state.location.pathname).toBe('/backOffice/secuenciasConfig');
    expect(textbox(/^Nombre/, dialog).value).toBe('Facturas A');

    await act(() => router.navigate('/backOffice/stock'));
    ask = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Salir sin guardar' }));
    await screen.findByText('list');
    expect(writes).toEqual([]);
  });
});

describe("an event subscription's new secret", () => {
  it('is a write of the subscription: the form takes its version, so the next save does not conflict', async () => {
    open('/backOffice/eventosConfig/1');
    await waitFor(() => expect(textbox(/^Nombre/).value).toBe('Hook test'));
    fireEvent.click(await screen.findByRole('button', { name: 'Nuevo secreto' }));
    const rotate = await screen.findByRole('dialog', { name: i18next.t('events.rotateTitle') });
    fireEvent.click(within(rotate).getByRole('button', { name: i18next.t('events.rotateConfirm') }));
    await within(rotate).findByText('nuevo-secreto');
    fireEvent.click(within(rotate).getByRole('button', { name: i18next.t('events.done') }));

    fireEvent.change(textbox(/^Nombre/), { target: { value: 'Hook prod' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await screen.findByText('list');
    expect(calls()).toEqual(['evento/rotarSecreto/1', 'evento/update/1']);
    expect(writes[1].body).toMatchObject({ version: 3, nombre: 'Hook prod' });
  });
});
