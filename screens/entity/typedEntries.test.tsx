/**
 * What the user typed on the article form, the server answered by a fake that keeps the writes: a price list's
 * "valid from" typed as no real date stays as typed, is named at the field and nothing is written (neither by
 * the form's save nor by a "save first" of the stock adjustment) until it is corrected; a pasted description over
 * its limit is kept and told, and what is saved is what the field shows.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import i18next from '../../locales/i18n';
import { api } from '../app/session';
import EntityFormScreen from './EntityFormScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_ROOT'] } }) }));

const article = {
  id: 5, version: 3, nombre: 'Tornillo', codigo_interno: 'T-1', activo: true,
  ubicaciones: [{ id: 1, nombre: 'Depósito', cantidad_actual: 10 }],
  listas_precio: [{ lista: 'General', precio: 100, vigencia: '2026-01-01 00:00:00' }],
};
let writes: { call: string; body: Record<string, unknown> }[];

function server(call: string, body: unknown): unknown {
  if (call === 'articulo/show/5') return { ...article };
  if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
  const sent = (body ?? {}) as Record<string, unknown>;
  writes.push({ call, body: sent });
  return { ...article, ...sent, version: article.version + 1 };
}

const open = () =>
  renderAt(
    [
      { path: '/backOffice/stock', element: <p>list</p> },
      { path: '/backOffice/stock/:id/:show?', element: <EntityFormScreen route={routeNode('stockForm')} /> },
    ],
    '/backOffice/stock/5',
  );

const textbox = (name: RegExp) => screen.getAllByRole('textbox', { name })[0] as HTMLInputElement;
const WRONG = 'Ingrese una fecha válida (dd/mm/aaaa)';

beforeEach(async () => {
  writes = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => server(call, body) as never);
  await act(() => i18next.changeLanguage('es'));
});
afterEach(() => vi.restoreAllMocks());

describe("a price list's date typed wrong", () => {
  it('stays as typed, is named at the field, and nothing is saved until it is corrected', async () => {
    open();
    await waitFor(() => expect(textbox(/^Vigencia desde/).value).toBe('01/01/2026'));
    const vigencia = textbox(/^Vigencia desde/);
    fireEvent.change(vigencia, { target: { value: '31022026' } });
    fireEvent.blur(vigencia);
    expect(await screen.findByText(WRONG)).toBeTruthy();
    await new Promise((r) => setTimeout(r, 50));
    expect(vigencia.value).toBe('31/02/2026');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.activeElement).toBe(vigencia));
    expect(screen.getByText(WRONG)).toBeTruthy();
    expect(vigencia.value).toBe('31/02/2026');
    expect(writes).toEqual([]);

    fireEvent.change(vigencia, { target: { value: '28022026' } });
    await waitFor(() => expect(screen.queryByText(WRONG)).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes).toEqual([
      { call: 'articulo/update/5', body: expect.objectContaining({ listas_precio: [{ lista: 'General', precio: 100, vigencia: '2026-02-28 00:00:00' }] }) },
    ]);
  });

  it('is not written by a "save first" either (the stock adjustment)', async () => {
    open();
    await waitFor(() => expect(textbox(/^Vigencia desde/).value).toBe('01/01/2026'));
    fireEvent.change(textbox(/^Vigencia desde/), { target: { value: '12/0' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Ajustar stock' }));
    const ask = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Guardar y continuar' }));
    expect(await screen.findByText(WRONG)).toBeTruthy();
    expect(textbox(/^Vigencia desde/).value).toBe('12/0');
    expect(screen.queryByRole('dialog', { name: 'Ajuste de stock' })).toBeNull();
    expect(writes).toEqual([]);
  });
});

describe('a pasted description over its limit', () => {
  it('is kept and told; once shortened, what is saved is what the field shows', async () => {
    open();
    await waitFor(() => expect(textbox(/^Código interno/).value).toBe('T-1'));
    const descripcion = textbox(/^Descripción/) as unknown as HTMLTextAreaElement;
    fireEvent.change(descripcion, { target: { value: 'Tornillo de acero. '.repeat(111).slice(0, 2100) } });
    expect(descripcion.value).toHaveLength(2100);
    expect(await screen.findByText('Máximo 2000 caracteres')).toBeTruthy();
    expect(screen.getByText('2100 de 2000 caracteres')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(document.activeElement).toBe(descripcion));
    expect(writes).toEqual([]);

    fireEvent.change(descripcion, { target: { value: descripcion.value.slice(0, 1990) } });
    await waitFor(() => expect(screen.queryByText('Máximo 2000 caracteres')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0].body.descripcion).toBe('Tornillo de acero. '.repeat(111).slice(0, 1990));
  });
});
