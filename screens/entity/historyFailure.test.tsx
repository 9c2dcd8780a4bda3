/** A history that could not be read says so in its dialog, once, and offers to try again (it used to spin for ever). */
import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../engine/api/client';
import { UiProvider } from '../../widgets/UiProvider';
import { fakeCalls } from '../fakeCalls';
import { entityOf } from '../metadata';
import { RecordHistory } from './RecordHistory';

afterEach(() => vi.restoreAllMocks());

it('says why in the dialog, with no second toast, and "Reintentar" shows the history', async () => {
  let failing = true;
  const fake = fakeCalls((call) => {
    if (call !== 'articulo/history/9') return { total: 0, rows: [] };
    if (failing) throw new ApiError(0, call, NETWORK_ERROR, '');
    return { total: 1, rows: [{ id: 1, at: '2026-11-28T14:09:59.904Z', username: 'martin.sosa', action: 'insert', changes: {} }] };
  });
  render(
    <UiProvider>
      <RecordHistory entity={entityOf('articulo')} id={9} />
    </UiProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Historial' }));
  const dialog = await screen.findByRole('dialog');
  expect((await within(dialog).findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  expect(within(dialog).queryByLabelText('Cargando…')).toBeNull();
  // told once: in the dialog, not in a toast besides (it used to be two toasts)
  expect(fake.errorToasts()).toBe(0);
  failing = false;
  fireEvent.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
  expect(await within(dialog).findByText(/martin\.sosa/)).toBeTruthy();
  expect(within(dialog).queryByRole('alert')).toBeNull();
});
