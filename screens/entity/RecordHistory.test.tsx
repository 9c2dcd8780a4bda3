/**
 * A record's history names a changed child row by what names it (an item by its article), except where the change
 * is of that very field: its value before says which row, and the name the row was added with may be older still.
 */
import { beforeEach, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { UiProvider } from '../../widgets/UiProvider';
import { api } from '../app/session';
import { entityOf } from '../metadata';
import { RecordHistory } from './RecordHistory';

const AT = '2026-11-28T14:09:59.904Z';
const ARTICLES: Record<number, string> = { 1: 'Clavo', 2: 'Látex blanco', 3: 'Tornillo', 4: 'Martillo' };

const entry = (id: number, action: string, children: object) => ({ id, at: AT, username: 'martin.sosa', action, changes: { children } });
/** A kit's components: added as Clavo and Martillo; the first changed to Látex, then to Tornillo; the second's quantity changed. */
const history = {
  total: 4,
  rows: [
    entry(4, 'update', { componentes: { changed: [{ id: 71, fields: { cantidad: [1, 3] } }] } }),
    entry(3, 'update', { componentes: { changed: [{ id: 70, fields: { articulo: [2, 3] } }] } }),
    entry(2, 'update', { componentes: { changed: [{ id: 70, fields: { articulo: [1, 2] } }] } }),
    entry(1, 'insert', { componentes: { added: [{ id: 70, articulo: 1, cantidad: 2 }, { id: 71, articulo: 4, cantidad: 1 }] } }),
  ],
};

beforeEach(() => {
  vi.spyOn(api, 'post').mockImplementation(async (path: string, body?: unknown) => {
    if (path === 'articulo/history/9') return history as never;
    if (path === 'articulo/select') {
      const id = (body as { filters: { id: number } }).filters.id;
      return { rows: ARTICLES[id] ? [{ id, name: ARTICLES[id] }] : [] } as never;
    }
    return {} as never;
  });
});

it('names a changed item by its article, not when the article itself changed', async () => {
  render(
    <UiProvider>
      <RecordHistory entity={entityOf('articulo')} id={9} />
    </UiProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Historial' }));
  const list = await screen.findByRole('list', { name: 'Historial de cambios' });
  await within(list).findByText(/Tornillo$/);
  await within(list).findByText(/\(Martillo\)/);
  const lines = within(list).getAllByRole('listitem').map((li) => [...li.querySelectorAll('p')].slice(1).map((p) => p.textContent));
  expect(lines[0]).toEqual(['Componentes · Cantidad (Martillo): 1 → 3']);
  // the second change of the same row: not "(Clavo)", the article it was added with and no longer is
  expect(lines[1]).toEqual(['Componentes · Artículo: Látex blanco → Tornillo']);
  expect(lines[2]).toEqual(['Componentes · Artículo: Clavo → Látex blanco']);
});
