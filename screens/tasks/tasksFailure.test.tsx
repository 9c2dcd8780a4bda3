/** The task area and planning: a read that failed says so with a retry, never "no tasks". */
import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../engine/api/client';
import { api } from '../app/session';
import { renderAt, routeNode } from '../screenTesting';
import PlanningScreen from '../planning/PlanningScreen';
import TaskingScreen from './TaskingScreen';

const TASK = {
  id: 7, version: 2, titulo: 'Instalar el termotanque', estado: 'no_iniciada', fecha_inicio_estimada: '2026-11-29', fecha_fin_estimada: '2026-12-01',
  horas_asignadas: null, critica: false, vencida: false, asignado_nombre: null, registro: 1, registro_numero: 'R-000001', actividad: 3,
  actividad_titulo: 'Instalación', instructivo: 2, instructivo_titulo: 'Instalación de termotanque',
};

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { id: 1, username: 'carla.rios', roles: ['ROLE_USER'] } }) }));
afterEach(() => vi.restoreAllMocks());

/** `call` fails (no answer) the first time, then answers `reply`. */
function failOnce(call: string, reply: unknown) {
  let tries = 0;
  vi.spyOn(api, 'post').mockImplementation(async (path: string) => {
    if (path !== call) return { total: 0, rows: [] } as never;
    if (++tries === 1) throw new ApiError(0, path, NETWORK_ERROR, '');
    return reply as never;
  });
}

it('my tasks: a failed read is not "no tasks", and "Reintentar" shows them', async () => {
  failOnce('tarea/mine', { total: 1, hoy: '2026-11-30', rows: [TASK] });
  renderAt([{ path: '/task', element: <TaskingScreen /> }], '/task');
  expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  expect(screen.queryByText('No hay tareas para mostrar.')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('Instalar el termotanque')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
});

it('planning: a failed read is not "no open records", and "Reintentar" reads it again', async () => {
  failOnce('instructivoExec/getFlowsPlaneam', { truncated: false, total: 0, registros: [] });
  renderAt([{ path: '/planning', element: <PlanningScreen route={routeNode('planning')} /> }], '/planning');
  expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  expect(screen.queryByText('No hay registros abiertos con tareas.')).toBeNull();
  expect(screen.queryByLabelText('Cargando la planificación')).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  // the read answered: now it is truly empty
  expect(await screen.findByText('No hay registros abiertos con tareas.')).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
});
