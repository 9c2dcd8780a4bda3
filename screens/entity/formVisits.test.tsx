/**
 * A new record's form reached again is a new form. The router's moves are transitions: a save goes back to its list,
 * and while that list is still loading the user (or a quick "Nuevo") opens the new form again. The list between is
 * never drawn, so the form was never left: keyed by its address alone it kept the saved record's id, and its next
 * Guardar updated that record instead of adding one.
 */
import { use } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import i18next from '../../locales/i18n';
import { api } from '../app/session';
import EntityFormScreen from './EntityFormScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN'] } }) }));

let writes: { call: string; body: Record<string, unknown> }[];
let nextId: number;

function server(call: string, body: unknown): unknown {
  if (call === 'categoria/tipoOptions') return [{ id: 'rubro', name: 'Article category', nombre: 'Rubro de artículos' }];
  if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
  const sent = (body ?? {}) as Record<string, unknown>;
  writes.push({ call, body: sent });
  return { ...sent, id: call.endsWith('/save') ? nextId++ : Number(call.split('/').pop()), version: 1 };
}

/** A list whose screen is still loading: a transition to it is never committed. */
const loading = new Promise<never>(() => undefined);
function ListStillLoading(): null {
  use(loading);
  return null;
}

const nombre = () => screen.getByRole('textbox', { name: /^Nombre/ }) as HTMLInputElement;

beforeEach(async () => {
  writes = [];
  nextId = 41;
  localStorage.clear();
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => server(call, body) as never);
  await act(() => i18next.changeLanguage('es'));
});
afterEach(() => vi.restoreAllMocks());

describe('a new record saved and the new form opened again', () => {
  it('adds a second record, with an empty form, even when the list between was never drawn', async () => {
    const { router } = renderAt(
      [
        { path: '/backOffice/categories', element: <ListStillLoading /> },
        { path: '/backOffice/categories/:id/:show?', element: <EntityFormScreen route={routeNode('categoriesForm')} /> },
      ],
      '/backOffice/categories/create?tipo=rubro',
    );
    await waitFor(() => expect(nombre()).toBeTruthy());
    fireEvent.change(nombre(), { target: { value: 'Tornillos' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0].call).toBe('categoria/save');
    await waitFor(() => expect(router.state.location.pathname).toBe('/backOffice/categories'));

    await act(() => router.navigate('/backOffice/categories/create?tipo=rubro'));
    await waitFor(() => expect(nombre().value).toBe(''));
    fireEvent.change(nombre(), { target: { value: 'Tuercas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes).toHaveLength(2));
    expect(writes[1]).toEqual({ call: 'categoria/save', body: expect.objectContaining({ nombre: 'Tuercas', tipo: 'rubro' }) });
    expect(writes[1].body).not.toHaveProperty('version');
  });
});
