/**
 * "Mi empresa" (one record): a read that failed is never "no record yet". It says why and offers to try again, with
 * no create form (saving one would add a second record that later reads ignore).
 */
import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../engine/api/client';
import { api } from '../app/session';
import { renderAt, routeNode } from '../screenTesting';
import SingleRecordScreen from './SingleRecordScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN'] } }) }));

const company = { id: 1, version: 3, nombre: 'Corralón Sosa' };
const open = () => renderAt([{ path: '/backOffice/empresaconfig', element: <SingleRecordScreen route={routeNode('empresaconfig')} /> }], '/backOffice/empresaconfig');

afterEach(() => vi.restoreAllMocks());

function fake(fails: (call: string) => boolean) {
  vi.spyOn(api, 'post').mockImplementation(async (call: string) => {
    if (fails(call)) throw new ApiError(call.includes('/show/') ? 500 : 0, call, call.includes('/show/') ? undefined : NETWORK_ERROR, '');
    if (call.endsWith('/index')) return { total: 1, rows: [company] } as never;
    if (call === 'empresa/show/1') return company as never;
    return {} as never;
  });
}

it('a failed look-up offers no create form: it says why, and "Reintentar" shows the record', async () => {
  let failing = true;
  fake((call) => failing && call.endsWith('/index'));
  open();
  expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  expect(screen.getByRole('heading', { name: 'Mi empresa' })).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: /^Nombre/ })).toBeNull();
  expect(screen.queryByRole('button', { name: 'Guardar' })).toBeNull();
  failing = false;
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(((await screen.findByRole('textbox', { name: /^Nombre/ })) as HTMLInputElement).value).toBe('Corralón Sosa');
});

it('a record that could not be read says so instead of loading forever, and "Reintentar" reads it again', async () => {
  let failing = true;
  fake((call) => failing && call === 'empresa/show/1');
  open();
  expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeTruthy();
  expect(screen.queryByRole('textbox', { name: /^Nombre/ })).toBeNull();
  failing = false;
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(((await screen.findByRole('textbox', { name: /^Nombre/ })) as HTMLInputElement).value).toBe('Corralón Sosa');
});
