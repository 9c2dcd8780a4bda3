import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './DataTable.stories';

const { Parties, Default } = composeStories(stories);

const names = (pattern: RegExp) => screen.getAllByRole('button', { name: pattern }).map((b) => b.getAttribute('aria-label'));

describe('DataTable row names', () => {
  it("a row's actions are named by its label (a party known by its business name too), by its id only when it has none", async () => {
    render(<Parties />);
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^Ver / })).toHaveLength(3));
    expect(names(/^Ver /).sort()).toEqual(['Ver 30', 'Ver Ferretería Sur', 'Ver Juan Pérez']);
    expect(screen.getByRole('button', { name: 'Editar Ferretería Sur' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Eliminar Juan Pérez' })).toBeTruthy();
  });

  it("an inline edit button says which row's value it edits", async () => {
    render(<Parties />);
    expect(await screen.findByRole('button', { name: 'Editar Activo de Ferretería Sur: Sí' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar Activo de Juan Pérez: No' })).toBeTruthy();
  });

  it('in any list: the row by its label, beside the column', async () => {
    render(<Default />);
    const table = screen.getByRole('table', { name: 'Categorías' });
    const first = () => within(table).getAllByRole('row').find((r) => r.closest('tbody') && r.hasAttribute('aria-rowindex'));
    await waitFor(() => expect(first()).toBeTruthy());
    const nombre = within(first()!).getAllByRole('cell')[0].textContent;
    expect(within(first()!).getByRole('button', { name: new RegExp(`^Editar Valor de ${nombre}: `) })).toBeTruthy();
  });
});
