/**
 * Where the focus is on an entity's form page: on the first field once the record is shown (never left on the page
 * body), and back on the list's heading after a save returns there.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import { api } from '../app/session';
import EntityListScreen from './EntityListScreen';
import EntityFormScreen from './EntityFormScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN'] } }) }));

const arena = { id: 1, version: 1, tipo: 'rubro', nombre: 'Arena gruesa', grupo: 'áridos', notas: '' };
const answer = (call: string): unknown => {
  if (call === 'categoria/index') return { total: 1, rows: [arena] };
  if (call === 'categoria/show/1') return arena;
  if (call.startsWith('categoria/update/')) return { ...arena, version: 2 };
  return {};
};

function open(path: string) {
  return renderAt(
    [
      { path: '/backOffice/categories', element: <EntityListScreen route={routeNode('categories')} /> },
      { path: '/backOffice/categories/:id/:show?', element: <EntityFormScreen route={routeNode('categoriesForm')} /> },
    ],
    path,
  );
}

const focused = () => document.activeElement;

beforeEach(() => {
  vi.spyOn(api, 'post').mockImplementation(async (call: string) => answer(call) as never);
});
afterEach(() => vi.restoreAllMocks());

describe("an entity's form page", () => {
  it('a new record: the focus starts on the first field', async () => {
    open('/backOffice/categories/create');
    const tipo = await screen.findByRole('combobox', { name: /^Tipo/ });
    await waitFor(() => expect(focused()).toBe(tipo));
  });

  it('edited from its list: on the first field once read; saved, back on the list with the focus on its heading', async () => {
    open('/backOffice/categories');
    const edit = await screen.findByRole('button', { name: /^Editar Arena gruesa/ });
    edit.focus();
    fireEvent.click(edit);
    const notas = await screen.findByRole('textbox', { name: /^Notas/ });
    await waitFor(() => expect(focused()).toBe(screen.getByRole('combobox', { name: /^Tipo/ })));

    fireEvent.change(notas, { target: { value: 'lavada' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Guardar' })[0]);
    const heading = await screen.findByRole('heading', { name: 'Categorías', level: 1 });
    await waitFor(() => expect(focused()).toBe(heading));
    expect(within(document.body).queryByRole('textbox', { name: /^Notas/ })).toBeNull();
  });
});
