/**
 * The task form's state actions, the server answered by a fake that keeps one task of a record: a state change
 * meets the version on screen and the form shows its reply — the new state, its locks and actions — so a later
 * save meets the version the server now holds.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import { ApiError } from '../../engine/api/client';
import { api } from '../app/session';
import TaskFormScreen from './TaskFormScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_ROOT'] } }) }));

const node = routeNode;

/** The server's task 5 (of record 9) and the writes it took; a write meets the version it read. */
let stored: Record<string, unknown>;
let writes: { call: string; body: Record<string, unknown> }[];

function server(call: string, body: unknown): unknown {
  const sent = (body ?? {}) as Record<string, unknown>;
  if (call === 'tarea/show/5') return { ...stored };
  if (call === 'instructivo/show/2') return { id: 2, version: 1, titulo: 'Instalación de termotanque', modo: 'vigente', revision: 0 };
  if (call === 'tarea/start/5' || call === 'tarea/update/5') {
    writes.push({ call, body: sent });
    if (sent.version !== undefined && sent.version !== stored.version) throw new ApiError(409, call, 'VERSION_CONFLICT', 'VERSION_CONFLICT');
    const { version: _v, ...fields } = sent;
    stored = { ...stored, ...(call === 'tarea/start/5' ? { estado: 'iniciada' } : fields), version: Number(stored.version) + 1 };
    return { ...stored };
  }
  if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
  return {};
}

beforeEach(() => {
  stored = { id: 5, version: 2, instructivo: 2, registro: 9, titulo: 'Medir', estado: 'no_iniciada', descripcion: '', critica: false };
  writes = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => server(call, body) as never);
});
afterEach(() => vi.restoreAllMocks());

describe('the task form after a state action', () => {
  it('shows the task as the server holds it, offers the new state’s actions, and saves afterwards without a conflict', async () => {
    const { router } = renderAt(
      [
        { path: '/backOffice/instructive/task/:id/:parent?', element: <TaskFormScreen route={node('instructiveTask')} /> },
        { path: '/backOffice/instructive/:id', element: <p>instructive</p> },
      ],
      '/backOffice/instructive/task/5',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Iniciar' }));
    await screen.findByRole('button', { name: 'Finalizar' });
    expect(screen.queryByRole('button', { name: 'Iniciar' })).toBeNull();
    expect(screen.getByText(/^Estado: Iniciada/)).toBeTruthy();
    expect(writes).toEqual([{ call: 'tarea/start/5', body: { version: 2 } }]);

    fireEvent.change(screen.getByRole('textbox', { name: /^Descripción/ }), { target: { value: 'Con cinta métrica' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(stored.descripcion).toBe('Con cinta métrica'));
    expect(writes.at(-1)).toMatchObject({ call: 'tarea/update/5', body: { version: 3 } });
    await screen.findByText('instructive');
  });
});
