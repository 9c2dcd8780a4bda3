/**
 * Making a record from its parent: an amount that is no amount says why under it, and while the button waits the
 * dialog says what it waits for (it was only greyed out).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { UiProvider } from '../../widgets/UiProvider';
import { api } from '../app/session';
import { FromParentDialog } from './FromParentDialog';

const parent = { id: 9, version: 2, numero: 'PED-000009', items: [{ id: 1, articulo: 3, cantidad: 4, entregado: 1, restante: 3 }] };

beforeEach(() => {
  vi.spyOn(api, 'post').mockImplementation(async (call: string) => (call === 'actividad/show/5' ? { id: 5, titulo: 'Entrega' } : {}) as never);
});
afterEach(() => vi.restoreAllMocks());

describe('FromParentDialog', () => {
  it('names a wrong amount under it and says why the button waits', async () => {
    render(
      <UiProvider>
        <FromParentDialog parent={parent} activities={[5]} articleName={() => 'Clavo'} onMade={() => {}} onClose={() => {}} />
      </UiProvider>,
    );
    const take = (await screen.findByRole('textbox', { name: 'A tomar de Clavo (ítem 1)' })) as HTMLInputElement;
    const make = () => screen.getByRole('button', { name: 'Crear registro' }) as HTMLButtonElement;
    expect(take.value).toBe('3');
    expect(make().disabled).toBe(false);

    fireEvent.change(take, { target: { value: '-1' } });
    expect(take.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('El valor mínimo es 0');
    expect(make().disabled).toBe(true);
    expect(screen.getByText('Corrija las cantidades marcadas para crear el registro.')).toBeTruthy();

    fireEvent.change(take, { target: { value: 'dos' } });
    expect(screen.getByRole('alert').textContent).toBe('Ingrese un número');

    fireEvent.change(take, { target: { value: '0' } });
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(take.getAttribute('aria-invalid')).toBeNull();
    expect(make().disabled).toBe(true);
    expect(screen.getByText('Indique cuánto tomar de al menos un ítem para crear el registro.')).toBeTruthy();
  });
});
