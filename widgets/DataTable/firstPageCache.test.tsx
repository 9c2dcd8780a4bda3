/** The table's first page through the read cache (swr): shared by tables asking at once, read again on focus. */
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { SWRConfig } from 'swr';
import type { ReactNode } from 'react';
import * as stories from './DataTable.stories';
import { categoriaRows, memorySource } from './memorySource';

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
});
