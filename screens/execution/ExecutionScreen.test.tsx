/**
 * The record page's address: only a flow, activity or record that is not there (404) says "does not exist". A read
 * that failed otherwise (no answer, the database down) says why and offers to try again.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../engine/api/client';
import { api } from '../app/session';
import { renderAt } from '../screenTesting';
import ExecutionScreen from './ExecutionScreen';
import { fakeRecordServer } from './fakeRecordServer';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { id: 1, username: 'carla.rios', roles: ['ROLE_USER'] } }) }));

const FLOW = { id: 1, nombre: 'Ventas' };
const ACTIVITY = { id: 4, titulo: 'Presupuesto' };
const RECORD = { id: 9, version: 1, numero: 'PRE-000009', estado: 'abierto', flujo: 1, actividad: 4, fecha: '2026-11-20', asignado_a: 1, items: [] };
/** The calls that fail, and how, until `failing` is emptied. */
let failing: Record<string, ApiError> = {};

beforeEach(() => {
  failing = {};
  const fake = fakeRecordServer(RECORD, []);
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => {
    if (failing[call]) throw failing[call];
    if (call === 'flujo/show/1') return FLOW as never;
    if (call === 'actividad/show/4') return ACTIVITY as never;
    return fake.answer(call, body) as never;
  });
});
afterEach(() => vi.restoreAllMocks());

const open = () => renderAt([{ path: '/execution/:flowId/:activityId/:id?/:show?', element: <ExecutionScreen /> }], '/execution/1/4/9');

it('a record that could not be read is not "does not exist": it says why, and "Reintentar" shows it', async () => {
  failing = { 'registro/show/9': new ApiError(0, 'registro/show/9', NETWORK_ERROR, '') };
  open();
  expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  expect(screen.queryByText('Registro inexistente')).toBeNull();
  failing = {};
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('heading', { name: /PRE-000009/ })).toBeTruthy();
});

it('a record that is not there (404) says it does not exist', async () => {
  failing = { 'registro/show/9': new ApiError(404, 'registro/show/9', 'NOT_FOUND', '') };
  open();
  expect(await screen.findByText('Registro inexistente')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
});

it('a flow that could not be read is not "does not exist": it says why, and "Reintentar" reads it again', async () => {
  failing = { 'flujo/show/1': new ApiError(503, 'flujo/show/1', 'DATABASE_UNAVAILABLE', '') };
  open();
  expect((await screen.findByRole('alert')).textContent).toContain('La base de datos no está disponible');
  expect(screen.queryByText('Actividad inexistente')).toBeNull();
  failing = {};
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('heading', { name: /PRE-000009/ })).toBeTruthy();
});

it('a flow or activity that is not there (404) says so', async () => {
  failing = { 'actividad/show/4': new ApiError(404, 'actividad/show/4', 'NOT_FOUND', '') };
  open();
  expect(await screen.findByText('Actividad inexistente')).toBeTruthy();
});
