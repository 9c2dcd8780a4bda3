import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import { fn, userEvent } from 'storybook/test';
import * as stories from './DataTable.stories';
import { memorySource, partyRows } from './memorySource';
import type { CellEdit } from './types';

const { Parties } = composeStories(stories);

/** The parties' source, keeping the inline edits it was sent. */
function watchedSource() {
  const source = memorySource(partyRows());
  const edits: CellEdit[] = [];
  const save = source.updateColumn!;
  source.updateColumn = async (edit) => {
    edits.push(edit);
    await save(edit);
  };
  return { source, edits };
}

const box = () => screen.getByRole('checkbox', { name: 'Nuevo valor de Activo' }) as HTMLInputElement;

describe('a yes / no cell edited inline', () => {
  it('opens as a checkbox, not a text: Space toggles it, Enter saves false / true with the row version', async () => {
    const { source, edits } = watchedSource();
    render(<Parties source={source} />);
    const user = userEvent.setup();
    (await screen.findByRole('button', { name: 'Editar Activo de Ferretería Sur: Sí' })).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('textbox', { name: 'Nuevo valor de Activo' })).toBeNull();
    expect(document.activeElement).toBe(box());
    expect(box().checked).toBe(true);
    await user.keyboard(' ');
    expect(box().checked).toBe(false);
    expect(edits).toEqual([]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(edits).toEqual([{ rowid: 28, tablename: 'perfil', colname: 'activo', colvalue: false, version: 3 }]));
    expect(await screen.findByRole('button', { name: 'Editar Activo de Ferretería Sur: No' })).toBeTruthy();

    // and back: the row took the next version
    fireEvent.click(screen.getByRole('button', { name: 'Editar Activo de Ferretería Sur: No' }));
    await user.keyboard(' ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(edits.at(-1)).toEqual({ rowid: 28, tablename: 'perfil', colname: 'activo', colvalue: true, version: 4 }));
  });

  it('Escape gives the change up; Enter on what did not change saves nothing', async () => {
    const { source, edits } = watchedSource();
    render(<Parties source={source} />);
    const user = userEvent.setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar Activo de Juan Pérez: No' }));
    await user.keyboard(' ');
    expect(box().checked).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.getByRole('button', { name: 'Editar Activo de Juan Pérez: No' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Editar Activo de Juan Pérez: No' }));
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(edits).toEqual([]);
  });

  it('a click on the box or its Sí / No is the choice: it saves at once, and does not open the row', async () => {
    const { source, edits } = watchedSource();
    const onShow = fn();
    render(<Parties source={source} onShow={onShow} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Editar Activo de Juan Pérez: No' }));
    await user.click(box());
    await waitFor(() => expect(edits).toEqual([{ rowid: 29, tablename: 'perfil', colname: 'activo', colvalue: true, version: 1 }]));
    await user.click(await screen.findByRole('button', { name: 'Editar Activo de Juan Pérez: Sí' }));
    // (user-event cannot forward a label's click in jsdom: the events a pointer sends, by hand)
    const text = box().closest('label')!.querySelector('[aria-hidden]')!;
    fireEvent.pointerDown(text);
    fireEvent.mouseDown(text);
    fireEvent.click(text);
    await waitFor(() => expect(edits.at(-1)).toMatchObject({ rowid: 29, colvalue: false, version: 2 }));
    expect(onShow).not.toHaveBeenCalled();
  });
});
