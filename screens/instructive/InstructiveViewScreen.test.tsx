/**
 * The instructive as staff read it from a task card (`/task/instructive/:id`): its text and its tasks, nothing to
 * type in, save, edit or change the mode of, and no way into the back office's task forms.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import { api } from '../app/session';
import InstructiveViewScreen from './InstructiveViewScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { id: 11, username: 'tecnica', roles: ['ROLE_USER'] } }) }));

const instructive = { id: 2, version: 4, codificacion: 'IT-01', titulo: 'Instalación de termotanque', tipo: 'operativo', revision: 1, estado: 'activo', modo: 'vigente', objetivo: 'Instalar sin pérdidas', descripcion: 'Cortar el agua antes de empezar.' };
const medir = { id: 31, version: 1, titulo: 'Medir', predecesoras: [], optimista: 1, probable: 2, pesimista: 3, te: 2, sd: 0.33, es: 0, ef: 2, ls: 0, lf: 2, holgura: 0, critica: true };
let calls: string[];

beforeEach(() => {
  calls = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string) => {
    calls.push(call);
    if (call === 'instructivo/show/2') return { ...instructive } as never;
    if (call === 'instructivo/pert/2') return { duracion: 2, desviacion: 0.33, varianza: 0.11, rutaCritica: [31], tareas: [medir] } as never;
    return { total: 0, rows: [] } as never;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('the instructive read by staff', () => {
  it('shows its text and its tasks, read-only', async () => {
    renderAt([{ path: '/task/instructive/:id', element: <InstructiveViewScreen route={routeNode('taskInstructive')} /> }], '/task/instructive/2');
    await screen.findByRole('heading', { name: 'Instalación de termotanque', level: 1 });
    await screen.findByText('Cortar el agua antes de empezar.');
    expect(screen.getByText('Instalar sin pérdidas')).toBeTruthy();
    const table = await screen.findByRole('table', { name: /PERT/i });
    expect(table.textContent).toContain('Medir');
    // nothing to type, save, edit or act on; the tasks do not lead to the back office's forms
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    for (const name of ['Guardar', 'Editar', 'Poner vigente', 'Volver a elaboración']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Medir' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Agregar tarea' })).toBeNull();
    expect(calls.every((c) => c.startsWith('instructivo/show/') || c.startsWith('instructivo/pert/') || c.endsWith('/select') || c.endsWith('/index'))).toBe(true);
  });
});
