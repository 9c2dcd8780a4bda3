import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { composeStories } from '@storybook/react-vite';
import * as stories from './OrderedTable.stories';

const { Default, Loading, Empty, Busy, Failed } = composeStories(stories);
const titles = () => within(screen.getByRole('table')).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell')[2].textContent);
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('OrderedTable', () => {
  it('moves rows up and down; the first cannot go up, the last cannot go down', () => {
    render(<Default />);
    expect(titles()).toEqual(['Solicitud de compra', 'Aprobación de la solicitud', 'Orden de compra']);
    expect(button('Subir Solicitud de compra').disabled).toBe(true);
    expect(button('Bajar Orden de compra').disabled).toBe(true);
    fireEvent.click(button('Subir Orden de compra'));
    expect(titles()).toEqual(['Solicitud de compra', 'Orden de compra', 'Aprobación de la solicitud']);
    fireEvent.click(button('Bajar Solicitud de compra'));
    expect(titles()).toEqual(['Orden de compra', 'Solicitud de compra', 'Aprobación de la solicitud']);
  });

  it('edits, duplicates, adds, and removes only after asking', async () => {
    const onEdit = vi.fn();
    const onDuplicate = vi.fn();
    const onRemove = vi.fn();
    const onAdd = vi.fn();
    render(<Default onEdit={onEdit} onDuplicate={onDuplicate} onRemove={onRemove} onAdd={onAdd} />);
    fireEvent.click(button('Editar Orden de compra'));
    fireEvent.click(button('Duplicar Aprobación de la solicitud'));
    fireEvent.click(button('Agregar'));
    expect(onEdit).toHaveBeenCalledWith(3);
    expect(onDuplicate).toHaveBeenCalledWith(2);
    expect(onAdd).toHaveBeenCalledOnce();
    fireEvent.click(button('Eliminar Solicitud de compra'));
    expect(onRemove).not.toHaveBeenCalled();
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Eliminar' }));
    expect(onRemove).toHaveBeenCalledWith(1);
  });

  it('shows loading, says when there is nothing, and waits while busy', () => {
    const { unmount } = render(<Loading />);
    expect(screen.getByRole('status').textContent).toBe('Cargando…');
    unmount();
    const empty = render(<Empty />);
    screen.getByText('Este proceso todavía no tiene actividades.');
    empty.unmount();
    render(<Busy />);
    expect(button('Editar Orden de compra').disabled).toBe(true);
    expect(button('Agregar').disabled).toBe(true);
  });

  it('rows that could not be read say so with a retry, not the empty text', () => {
    render(<Failed />);
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeTruthy();
    expect(screen.queryByText('Este proceso todavía no tiene actividades.')).toBeNull();
  });
});
