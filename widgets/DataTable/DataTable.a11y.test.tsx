/** The DataTable stories pass axe (the widgets-wide a11y suite only globs widgets/*.stories.tsx). */
import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import axe from 'axe-core';
import * as stories from './DataTable.stories';

const { Default, Empty, ReadOnly } = composeStories(stories);

async function violations() {
  const result = await axe.run(document.body, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    resultTypes: ['violations'],
  });
  return result.violations.filter((v) => v.impact).map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const rowsShown = () =>
  waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row').length).toBeGreaterThan(5));

// axe over a whole table takes seconds on a busy machine: more than the default 5 s of a unit test
describe('accessibility of the DataTable stories', { timeout: 30_000 }, () => {
  it.each([
    ['Default', Default],
    ['ReadOnly', ReadOnly],
  ])('%s, with the filter row and the column choice open', async (_name, Story) => {
    render(<Story />);
    await rowsShown();
    expect(await violations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Filtros' }));
    fireEvent.click(screen.getByRole('button', { name: 'Columnas' }));
    await screen.findByRole('checkbox', { name: 'Nombre' });
    expect(await violations()).toEqual([]);
  });

  it('Empty', async () => {
    render(<Empty />);
    await screen.findByText('No hay registros para mostrar.');
    expect(await violations()).toEqual([]);
  });
});
