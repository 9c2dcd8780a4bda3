/**
 * A flow's activity cards: a flow the user may not work in (404) has none for them, but a read that failed says
 * so and offers to try again, never "no activities".
 */
import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../engine/api/client';
import { api } from '../app/session';
import { renderAt, routeNode } from '../screenTesting';
import WorkspaceCardsScreen from './WorkspaceCardsScreen';

const NO_ACTIVITIES = 'No hay actividades de este flujo en las que usted pueda trabajar.';
const ACTIVITIES = 'workspace/getFlowActivities/5';

function fake(activities: () => unknown) {
  vi.spyOn(api, 'post').mockImplementation(async (call: string) => {
    if (call === ACTIVITIES) return activities() as never;
    if (call === 'workspace/getFlows') return [{ id: 5, nombre: 'Ventas', grupo: null, actividades: 1 }] as never;
    return { total: 0, rows: [] } as never;
  });
}
const open = () => renderAt([{ path: '/workspacecard', element: <WorkspaceCardsScreen route={routeNode('workspacecard')} /> }], '/workspacecard?flujo=5');

afterEach(() => vi.restoreAllMocks());

it('says a failed read of the activities failed, and reads them again on "Reintentar"', async () => {
  let fail = true;
  fake(() => {
    if (fail) throw new ApiError(0, ACTIVITIES, NETWORK_ERROR, '');
    return [{ id: 9, titulo: 'Presupuesto', codificacion: 'PRE' }];
  });
  open();
  expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  expect(screen.queryByText(NO_ACTIVITIES)).toBeNull();
  fail = false;
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByRole('link', { name: /Presupuesto/ })).toBeTruthy();
});

it('a flow the user may not work in (404) has no activities for them', async () => {
  fake(() => {
    throw new ApiError(404, ACTIVITIES, 'NOT_FOUND', '');
  });
  open();
  expect(await screen.findByText(NO_ACTIVITIES)).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
});
