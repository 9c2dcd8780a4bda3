/**
 * Typing outlives a reload (a phone that drops the tab without the "leave page?" warning): a category's form keeps
 * what is typed as a draft, and opened again (a new render, as after a reload) offers it above the form. Recover
 * puts it back as typed (the leave guard applies) and saving it removes the draft; Discard, and leaving without
 * saving, remove it; a record changed on the server since says so, and the save meets the draft's version. Logging
 * out removes the user's drafts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import i18next from '../../locales/i18n';
import { api, sessionActor } from '../app/session';
import { draftKey, saveDraft } from '../../engine/formDrafts';
import EntityFormScreen from './EntityFormScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN'] } }) }));

let stored: Record<string, unknown>;
let writes: { call: string; body: Record<string, unknown> }[];

function server(call: string, body: unknown): unknown {
  if (call === 'categoria/show/7') return { ...stored };
  if (call === 'categoria/tipoOptions') return [{ id: 'rubro', name: 'Article category', nombre: 'Rubro de artículos' }];
  if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
  const sent = (body ?? {}) as Record<string, unknown>;
  writes.push({ call, body: sent });
  return (stored = { ...stored, ...sent, version: (stored.version as number) + 1 });
}

const open = (path = '/backOffice/categories/7') =>
  renderAt(
    [
      { path: '/backOffice/categories', element: <p>list</p> },
      { path: '/backOffice/categories/:id/:show?', element: <EntityFormScreen route={routeNode('categoriesForm')} /> },
    ],
    path,
  );

const KEY = draftKey('admin', 'categoria', '7', '');
const notas = () => screen.getByRole('textbox', { name: /^Notas/ }) as HTMLTextAreaElement;
const loaded = () => waitFor(() => expect((screen.getByRole('textbox', { name: /^Nombre/ }) as HTMLInputElement).value).toBe('Tornillos'));
const kept = () => JSON.parse(localStorage.getItem(KEY) ?? 'null') as { data: Record<string, unknown>; version: number } | null;
const unloadWarns = () => {
  const e = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(e);
  return e.defaultPrevented;
};

beforeEach(async () => {
  stored = { id: 7, version: 1, tipo: 'rubro', nombre: 'Tornillos', grupo: 'ferreteria', orden: 1, notas: '' };
  writes = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => server(call, body) as never);
  await act(() => i18next.changeLanguage('es'));
});
afterEach(() => vi.restoreAllMocks());

describe('a draft of typed data', () => {
  it('is kept while typing, offered after a reload, recovered as typed, and gone once saved', async () => {
    const first = open();
    await loaded();
    fireEvent.change(notas(), { target: { value: 'a medio escribir' } });
    // kept once the typing pauses, not at once
    expect(kept()).toBeNull();
    await waitFor(() => expect(kept()).toMatchObject({ data: { notas: 'a medio escribir', nombre: 'Tornillos' }, version: 1 }));
    first.unmount();

    open();
    await loaded();
    expect(await screen.findByText(/^Hay cambios sin guardar de hace \d+ segundos?\.$/)).toBeTruthy();
    expect(screen.queryByText(/El registro cambió/)).toBeNull();
    expect(notas().value).toBe('');
    expect(unloadWarns()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Recuperar' }));
    await waitFor(() => expect(notas().value).toBe('a medio escribir'));
    expect(screen.queryByText(/^Hay cambios sin guardar/)).toBeNull();
    // it counts as typed: leaving warns
    expect(unloadWarns()).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toEqual({ call: 'categoria/update/7', body: expect.objectContaining({ notas: 'a medio escribir', version: 1 }) });
    await screen.findByText('list');
    expect(kept()).toBeNull();
  });

  it('says how long ago in words, in the language of the user', async () => {
    saveDraft(localStorage, KEY, { data: { ...stored, notas: 'de antes' }, version: 1, at: Date.now() - 3 * 60_000 - 1000 });
    const first = open();
    expect(await screen.findByText('Hay cambios sin guardar de hace 3 minutos.')).toBeTruthy();
    first.unmount();
    await act(() => i18next.changeLanguage('en'));
    open();
    expect(await screen.findByText('There are unsaved changes from 3 minutes ago.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Recover' })).toBeTruthy();
  });

  it('is removed by Discard, and the form keeps the stored data', async () => {
    saveDraft(localStorage, KEY, { data: { ...stored, notas: 'de antes' }, version: 1, at: Date.now() - 60_000 });
    open();
    await loaded();
    fireEvent.click(await screen.findByRole('button', { name: 'Descartar' }));
    expect(screen.queryByText(/^Hay cambios sin guardar/)).toBeNull();
    expect(kept()).toBeNull();
    expect(notas().value).toBe('');
    expect(unloadWarns()).toBe(false);
  });

  it('is removed when the user leaves without saving', async () => {
    open();
    await loaded();
    fireEvent.change(notas(), { target: { value: 'no lo quiero' } });
    await waitFor(() => expect(kept()).not.toBeNull());
    fireEvent.click(screen.getAllByRole('button', { name: 'Salir' })[0]);
    fireEvent.click(await screen.findByRole('button', { name: 'Salir sin guardar' }));
    await screen.findByText('list');
    expect(kept()).toBeNull();
  });

  it('says when the record changed on the server since, and the save meets the version it was typed over', async () => {
    saveDraft(localStorage, KEY, { data: { ...stored, notas: 'sobre la versión 1' }, version: 1, at: Date.now() - 60_000 });
    stored = { ...stored, version: 2, nombre: 'Tornillos' };
    open();
    await loaded();
    expect(await screen.findByText('El registro cambió desde entonces: revise antes de guardar.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Recuperar' }));
    await waitFor(() => expect(notas().value).toBe('sobre la versión 1'));
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    // the server answers 409 to a stale version, as to any save over a changed record
    expect(writes[0].body).toMatchObject({ notas: 'sobre la versión 1', version: 1 });
  });

  it('is not offered in view mode', async () => {
    saveDraft(localStorage, KEY, { data: { ...stored, notas: 'de antes' }, version: 1, at: Date.now() - 60_000 });
    open('/backOffice/categories/7/show');
    await screen.findByRole('group', { name: 'Nombre' });
    expect(screen.queryByText(/^Hay cambios sin guardar/)).toBeNull();
    expect(kept()).not.toBeNull();
  });
});

describe('logging out', () => {
  it("removes the user's drafts (a shared computer), not another user's", async () => {
    const login = { id: 1, username: 'admin', roles: ['ROLE_ADMIN'], perfilid: null, access_token: 'a', refresh_token: 'r', expires_in: 3600 };
    vi.mocked(api.post).mockImplementation(async (call: string) => (call === 'login' ? login : {}) as never);
    const other = draftKey('luis', 'categoria', '7', '');
    saveDraft(localStorage, KEY, { data: { notas: 'de admin' }, version: 1, at: Date.now() });
    saveDraft(localStorage, other, { data: { notas: 'de luis' }, version: 1, at: Date.now() });
    await waitFor(() => expect(sessionActor.getSnapshot().matches('loggedOut')).toBe(true));
    sessionActor.send({ type: 'LOGIN', username: 'admin', password: 'x', rememberMe: false });
    await waitFor(() => expect(sessionActor.getSnapshot().matches('loggedIn')).toBe(true));
    sessionActor.send({ type: 'LOGOUT' });
    expect(kept()).toBeNull();
    expect(localStorage.getItem(other)).not.toBeNull();
  });
});
