/** A process's activities: a read that failed says so with a retry, never "this process has no activities". */
import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError } from '../../engine/api/client';
import { api } from '../app/session';
import { renderAt } from '../screenTesting';
import { ProcessActivities } from './ProcessActivities';

afterEach(() => vi.restoreAllMocks());

it('says a failed read failed, and "Reintentar" shows the activities', async () => {
  let tries = 0;
  vi.spyOn(api, 'post').mockImplementation(async (path: string) => {
    if (path === 'actividad/index' && ++tries === 1) throw new ApiError(503, path, 'DATABASE_UNAVAILABLE', '');
    return { total: 1, rows: [{ id: 4, version: 1, orden: 1, codificacion: 'PRE', titulo: 'Presupuesto' }] } as never;
  });
  renderAt([{ path: '/p', element: <ProcessActivities procesoId={2} returnTo="/p" /> }], '/p');
  expect((await screen.findByRole('alert')).textContent).toContain('La base de datos no está disponible');
  expect(screen.queryByText('Este proceso todavía no tiene actividades.')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('Presupuesto')).toBeTruthy();
});
