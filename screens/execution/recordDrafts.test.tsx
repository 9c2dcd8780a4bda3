/**
 * A half-typed record outlives a reload (a phone that drops the tab): the record page keeps the header and the
 * items as typed in a draft, and opened again (a new render, as after a reload) offers it above the form. Recover
 * puts both back as typed (the leave guard applies), and saving sends them and removes the draft; a record changed
 * on the server since says so, and the save meets the draft's version. Discard, leaving without saving, and undoing
 * what was typed remove it; view mode offers nothing. A new record's draft belongs to its address (its activity).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt } from '../screenTesting';
import { api } from '../app/session';
import { draftKey, saveDraft } from '../../engine/formDrafts';
import { blankItem } from '../../engine/records/draft';
import ExecutionScreen from './ExecutionScreen';

const USER = { id: 11, username: 'carla.rios', roles: ['ROLE_USER'] };
vi.mock('../app/useSession', () => ({ useSession: () => ({ user: USER }) }));

const flow = { id: 1, nombre: 'Ventas', verificado: true, nodos: [] };
const activity = (id: number, titulo: string) => ({ id, titulo, modo_guardado: 'solo_usuario', edicion_cliente: 'no_permitido', edicion_articulo: 'no_permitido', adjuntos: 'opcional', version: 1 });
const CEMENTO = { id: 1, nombre: 'Cemento portland 50 kg', codigo_interno: 'CEM-050', alicuota_iva: 21, precio_venta: 210 };

let stored: Record<string, unknown>;
let writes: { call: string; body: Record<string, unknown> }[];

function server(call: string, body: unknown): unknown {
  if (call === 'flujo/show/1') return { ...flow, version: 1 };
  if (call === 'actividad/show/2') return activity(2, 'Pedido de cliente');
  if (call === 'actividad/show/3') return activity(3, 'Presupuesto');
  if (call === 'articulo/show/1') return CEMENTO;
  if (call === 'registro/show/7' || call === 'registro/show/40') return { ...stored };
  const sent = (body ?? {}) as Record<string, unknown>;
  if (call === 'registro/save' || call === 'registro/update/7') {
    writes.push({ call, body: sent });
    const id = call === 'registro/save' ? 40 : 7;
    return (stored = { ...stored, ...sent, id, numero: `PED-0000${id}`, version: Number(stored.version ?? 0) + 1 });
  }
  if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
  return [];
}

const open = (path = '/execution/1/2/7') =>
  renderAt(
    [
      { path: '/execution/:flowId/:activityId', element: <p>list</p> },
      { path: '/execution/:flowId/:activityId/:id/:show?', element: <ExecutionScreen /> },
    ],
    path,
  );

const KEY = draftKey(USER.username, 'registro', '7', '');
const NEW_KEY = draftKey(USER.username, 'registro', null, '/execution/1/2/create');
type Kept = { data: { header: Record<string, unknown>; items: { article: number | null; cells: Record<string, string> }[]; point: string }; version: number | null };
const kept = (key = KEY) => JSON.parse(localStorage.getItem(key) ?? 'null') as Kept | null;
const notas = () => screen.getByRole('textbox', { name: /^Notas/ }) as HTMLTextAreaElement;
const quantity = () => screen.getByRole('textbox', { name: 'Cantidad, ítem 1' }) as HTMLInputElement;
// the record page's first render loads its screen chunks and metadata: more than waitFor's second on a loaded machine
const loaded = () => waitFor(() => expect(quantity().value).toBe('2'), { timeout: 5000 });
const offered = () => screen.findByText(/^Hay cambios sin guardar de hace \d+ (segundos?|minutos?)\.$/);
const noOffer = () => expect(screen.queryByText(/^Hay cambios sin guardar/)).toBeNull();
const press = async (name: string) => fireEvent.click(await screen.findByRole('button', { name }));
/** Guardar pressed: the one write it makes. */
const save = async () => {
  await press('Guardar');
  await waitFor(() => expect(writes).toHaveLength(1));
  return writes[0];
};
const unloadWarns = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};
/** A draft of record 7 as the page keeps one: notes and the first item's quantity typed over `version`. */
const draftOf7 = (version: number) =>
  saveDraft(localStorage, KEY, {
    data: { header: { fecha: '2026-11-20', notas: 'sobre la versión 1' }, items: [{ ...blankItem('i70'), id: 70, article: 1, cells: { ...blankItem('').cells, cantidad: '4' } }], point: ',' },
    version,
    at: Date.now() - 60_000,
  });

beforeEach(() => {
  stored = { id: 7, version: 1, numero: 'PED-000007', estado: 'abierto', flujo: 1, actividad: 2, fecha: '2026-11-20', notas: '', asignado_a: USER.id, asignado_nombre: USER.username, items: [{ id: 70, articulo: 1, cantidad: 2 }] };
  writes = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => server(call, body) as never);
});
afterEach(() => vi.restoreAllMocks());

describe('a draft of a record being typed', () => {
  it('keeps the header and the items after a pause, offers them after a reload, recovers them as typed, and saving sends them and removes it', async () => {
    const first = open();
    await loaded();
    fireEvent.change(notas(), { target: { value: 'llamar antes' } });
    fireEvent.change(quantity(), { target: { value: '3,5' } });
    // kept once the typing pauses, not at once
    expect(kept()).toBeNull();
    await waitFor(() => expect(kept()).not.toBeNull());
    expect(kept()).toMatchObject({ data: { header: { notas: 'llamar antes' }, items: [{ article: 1, cells: { cantidad: '3,5' } }], point: ',' }, version: 1 });
    first.unmount();

    open();
    await loaded();
    await offered();
    // shown as stored until recovered, and nothing pending yet
    expect([notas().value, quantity().value, unloadWarns()]).toEqual(['', '2', false]);
    expect(screen.queryByText(/El registro cambió/)).toBeNull();
    await press('Recuperar');
    await waitFor(() => expect([notas().value, quantity().value]).toEqual(['llamar antes', '3,5']));
    noOffer();
    // it counts as typed: leaving warns
    expect(unloadWarns()).toBe(true);

    const write = await save();
    expect(write.call).toBe('registro/update/7');
    expect(write.body).toMatchObject({ notas: 'llamar antes', version: 1, items: [{ id: 70, articulo: 1, cantidad: 3.5 }] });
    await waitFor(() => expect(unloadWarns()).toBe(false));
    expect(kept()).toBeNull();
  });

  it('of a new record is kept for its address, not offered at another activity’s; recovered, it is saved as typed and goes', async () => {
    const first = open('/execution/1/2/create');
    fireEvent.change(await screen.findByRole('textbox', { name: /^Notas/ }), { target: { value: 'pedido por teléfono' } });
    fireEvent.change(quantity(), { target: { value: '7' } });
    await waitFor(() => expect(kept(NEW_KEY)).toMatchObject({ data: { header: { notas: 'pedido por teléfono' }, items: [{ article: null, cells: { cantidad: '7' } }] }, version: null }));
    first.unmount();

    const other = open('/execution/1/3/create');
    await screen.findByRole('textbox', { name: /^Notas/ });
    noOffer();
    other.unmount();

    // kept in English ("1.5"), opened in Spanish: the cell says "1,5" and means one and a half
    const typed = kept(NEW_KEY)!;
    saveDraft(localStorage, NEW_KEY, { ...typed, data: { ...typed.data, items: [{ ...blankItem('n0'), article: 1, cells: { ...blankItem('').cells, cantidad: '1.5' } }], point: '.' }, at: Date.now() });
    open('/execution/1/2/create');
    await press('Recuperar');
    await waitFor(() => expect([notas().value, quantity().value]).toEqual(['pedido por teléfono', '1,5']));
    const write = await save();
    expect(write.call).toBe('registro/save');
    expect(write.body).toMatchObject({ notas: 'pedido por teléfono', flujo: 1, actividad: 2, items: [{ articulo: 1, cantidad: 1.5 }] });
    expect(write.body.version).toBeUndefined();
    await screen.findByRole('heading', { name: /PED-000040/ });
    expect(kept(NEW_KEY)).toBeNull();
  });

  it('says when the record changed on the server since, and the save meets the version it was typed over', async () => {
    draftOf7(1);
    stored = { ...stored, version: 2 };
    open();
    await screen.findByText('El registro cambió desde entonces: revise antes de guardar.');
    await press('Recuperar');
    await waitFor(() => expect([notas().value, quantity().value]).toEqual(['sobre la versión 1', '4']));
    // stored is version 2: the server answers 409 to the draft's, as to any save over a changed record
    expect((await save()).body).toMatchObject({ notas: 'sobre la versión 1', version: 1, items: [{ id: 70, cantidad: 4 }] });
  });

  it('is removed by Discard, and the page keeps the stored record', async () => {
    draftOf7(1);
    open();
    await press('Descartar');
    noOffer();
    expect([kept(), notas().value, quantity().value, unloadWarns()]).toEqual([null, '', '2', false]);
  });

  it('is removed when the user leaves without saving, and when what was typed is undone', async () => {
    const first = open();
    await loaded();
    fireEvent.change(quantity(), { target: { value: '5' } });
    await waitFor(() => expect(kept()).not.toBeNull());
    fireEvent.change(quantity(), { target: { value: '2' } });
    await waitFor(() => expect(kept()).toBeNull());
    first.unmount();

    open();
    await loaded();
    fireEvent.change(quantity(), { target: { value: '9' } });
    await waitFor(() => expect(kept()?.data.items[0].cells.cantidad).toBe('9'));
    await press('Salir');
    await press('Salir sin guardar');
    expect(await screen.findByText('list')).toBeTruthy();
    expect(localStorage.getItem(KEY)).toBeNull();
  });

  it('is not offered in view mode', async () => {
    draftOf7(1);
    open('/execution/1/2/7/show');
    await screen.findByRole('heading', { name: /PED-000007/ });
    expect(screen.getByRole('button', { name: 'Editar' })).toBeTruthy();
    noOffer();
    expect(kept()).not.toBeNull();
  });
});
