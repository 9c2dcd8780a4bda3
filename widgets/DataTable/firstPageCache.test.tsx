/**
 * The table's rows through the read cache (swr): the first page shared by tables asking at once, read again on
 * focus; a table shown again opens with the rows it had loaded and reads them again.
 */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import * as stories from './DataTable.stories';
import { categoriaRows, memorySource } from './memorySource';
import type { ListQuery } from '../../engine/list/query';
import { emitUpdateList } from './updateList';
import type { TableSource } from './types';

const { Default } = composeStories(stories);

const tableRows = (name: string) =>
  within(screen.getByRole('table', { name })).queryAllByRole('row').filter((r) => r.closest('tbody') && r.hasAttribute('aria-rowindex'));
const firstCell = (name: string) => within(tableRows(name)[0]).getAllByRole('cell')[0].textContent;
/**
 * A cache of the test's own, as the app's frame has (screens/app/readCache.tsx); focus is not throttled
 * (swr ignores a focus within 5 s of a mount, which a test would otherwise wait out).
 */
const Cache = ({ children }: { children: ReactNode }) => (
  <SWRConfig value={{ provider: () => new Map(), focusThrottleInterval: 0 }}>{children}</SWRConfig>
);

/** Shows the list's table in one cache that outlives it, as the app keeps it across screens: each call a new table. */
function keptCache() {
  const cache = new Map();
  return (source: TableSource) =>
    render(
      <SWRConfig value={{ provider: () => cache }}>
        <Default source={source} label="Lista" />
      </SWRConfig>,
    );
}

describe('DataTable first page and the read cache', () => {
  it('two tables showing the same list ask for its first page once', async () => {
    const source = memorySource(categoriaRows(250));
    render(
      <Cache>
        <Default source={source} label="Uno" />
        <Default source={source} label="Dos" />
      </Cache>,
    );
    await waitFor(() => expect(tableRows('Uno').length).toBeGreaterThan(5));
    await waitFor(() => expect(tableRows('Dos').length).toBeGreaterThan(5));
    expect(firstCell('Dos')).toBe(firstCell('Uno'));
    expect(source.calls.filter((q) => (q.offset ?? 0) === 0)).toHaveLength(1);
  });

  it('coming back to the window reads the first page again and shows what changed', async () => {
    const source = memorySource(categoriaRows(250));
    render(
      <Cache>
        <Default source={source} label="Lista" />
      </Cache>,
    );
    await waitFor(() => expect(tableRows('Lista').length).toBeGreaterThan(5));
    await waitFor(() => expect(source.calls).toHaveLength(2));
    const before = firstCell('Lista');
    // someone else renames a category so that it sorts first
    source.rows = source.rows.map((r) => (r.id === 100 ? { ...r, nombre: 'Aaa renombrada' } : r));
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(firstCell('Lista')).toBe('Aaa renombrada'));
    expect(before).not.toBe('Aaa renombrada');
    expect(source.calls.filter((q) => (q.offset ?? 0) === 0)).toHaveLength(2);
  });

  it('a table shown again opens with the rows it had loaded, every page of them, and reads them all again at once', async () => {
    const source = memorySource(categoriaRows(250));
    const show = keptCache();
    const first = show(source);
    // the first page and the one the view asks for behind it
    await waitFor(() => expect(source.calls).toHaveLength(2));
    await waitFor(() => expect(tableRows('Lista').length).toBeGreaterThan(5));
    const loaded = source.calls[0].max! + source.calls[1].max!;
    const top = firstCell('Lista');
    first.unmount();
    // meanwhile someone renames the first one; the server answers only when the test says so
    source.rows = source.rows.map((r) => (r.nombre === top ? { ...r, nombre: `${top} renombrada` } : r));
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    const slow = { ...source, index: (q: ListQuery) => held.then(() => source.index(q)) };
    show(slow);
    // at once: the rows as they were, with no reply yet
    await waitFor(() => expect(tableRows('Lista').length).toBeGreaterThan(5));
    expect(firstCell('Lista')).toBe(top);
    expect(source.calls).toHaveLength(2);
    // read again in one request for as many rows as were loaded; what changed shows
    answer();
    await waitFor(() => expect(firstCell('Lista')).toBe(`${top} renombrada`));
    expect(source.calls.slice(2)).toEqual([expect.objectContaining({ offset: 0, max: loaded })]);
  });

  it('after a save somewhere (update-list) a table shown again loads afresh', async () => {
    const source = memorySource(categoriaRows(250));
    const show = keptCache();
    const first = show(source);
    await waitFor(() => expect(source.calls).toHaveLength(2));
    await waitFor(() => expect(tableRows('Lista').length).toBeGreaterThan(5));
    first.unmount();
    emitUpdateList();
    show(source);
    await waitFor(() => expect(source.calls).toHaveLength(4));
    expect(source.calls[2]).toMatchObject({ offset: 0, max: source.calls[0].max });
  });

  it("a source that adds its own filters (cacheKey) never opens with another one's rows", async () => {
    const show = keptCache();
    const north = { ...memorySource(categoriaRows(250)), cacheKey: 'norte' };
    const first = show(north);
    await waitFor(() => expect(tableRows('Lista').length).toBeGreaterThan(5));
    first.unmount();
    const south = memorySource(categoriaRows(3));
    let answer!: () => void;
    const held = new Promise<void>((r) => (answer = r));
    show({ ...south, cacheKey: 'sur', index: (q: ListQuery) => held.then(() => south.index(q)) });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(tableRows('Lista')).toHaveLength(0);
    answer();
    await waitFor(() => expect(tableRows('Lista')).toHaveLength(3));
  });
});
