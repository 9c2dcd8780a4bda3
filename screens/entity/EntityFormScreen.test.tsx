/**
 * The generic list and form screens over real metadata, the server answered by a fake: they offer only what the
 * manifest's roles allow (a delivery of the log and a cheque are read-only for everyone), and a record reads as
 * the rest of the app writes it — moments and days, a reference by its row's name, an action by the history's
 * name, an entity by its title — in the view and in the breadcrumb.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import { momentText } from '../../engine/dates';
import i18next from '../../locales/i18n';
import { api } from '../app/session';
import EntityListScreen from './EntityListScreen';
import EntityFormScreen from './EntityFormScreen';
import DeliveryFormScreen from '../events/DeliveryFormScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_ROOT'] } }) }));

const CREADO = '2026-11-28T14:09:59.904Z';
const delivery = {
  id: 2, version: 1, evento: 1, entidad: 'evento', registro_id: 2, accion: 'insert', estado: 'entregado', intentos: 1,
  creado: CREADO, proximo_intento: CREADO, entregado: '2026-11-28T14:10:00.695Z', http_estado: 200, duracion_ms: 33,
};
const cheque = {
  id: 1, version: 1, identificador: '00458812', banco: 'Banco de la Nación Argentina', importe: 385000, fecha_cobro: '2026-12-30',
  estado: 'en_cartera', articulo: 5, ubicacion: 'Caja', en_mano: 1, comprometido: 0, creado_en: '2026-11-28T13:58:12.000Z',
};
const answers: Record<string, unknown> = {
  'evento_entrega/show/2': delivery,
  'evento_entrega/index': { total: 1, rows: [{ ...delivery, $labels: { evento: 'Hook test' } }] },
  'evento/select': { total: 1, rows: [{ id: 1, name: 'Hook test', nombre: 'Hook test' }] },
  'evento/origenes': [{ id: '*', nombre: '* (todas las entidades)', name: '* (every entity)' }, { id: 'evento', nombre: 'Evento (evento)', name: 'Event (evento)' }],
  'cheque/show/1': cheque,
  'articulo/select': { total: 1, rows: [{ id: 5, name: 'Cheque de terceros', nombre: 'Cheque de terceros' }] },
  'stock_movimiento/index': { total: 0, rows: [] },
  'cheque/index': { total: 1, rows: [cheque] },
};

const node = routeNode;

function open(path: string) {
  // a data router: the form asks before leaving with typed data (useBlocker)
    return renderAt(
    [
      { path: '/backOffice/eventosEntregas', element: <EntityListScreen route={node('eventosEntregas')} /> },
      { path: '/backOffice/eventosEntregas/:id/:show?', element: <DeliveryFormScreen route={node('eventosEntregasForm')} /> },
      { path: '/backOffice/cheques', element: <EntityListScreen route={node('cheque')} /> },
      { path: '/backOffice/cheques/:id/:show?', element: <EntityFormScreen route={node('chequeForm')} /> },
    ],
    path,
  );
}

/** The text a field shows in view mode, by its label. */
const shown = (label: string) => within(screen.getByRole('group', { name: label })).getByText(/./).textContent;
const crumbs = () => screen.getByRole('navigation', { name: i18next.t('workspace.trail') });

beforeEach(async () => {
  vi.spyOn(api, 'post').mockImplementation(async (call: string) => (call in answers ? answers[call] : {}) as never);
  await act(() => i18next.changeLanguage('en'));
});
afterEach(() => vi.restoreAllMocks());

describe('a delivery of the event log', () => {
  it('is only looked at: the list offers no Add, and its form, even at the edit address, no Edit or Save', async () => {
    open('/backOffice/eventosEntregas');
    await screen.findByText('Hook test');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
    for (const path of ['/backOffice/eventosEntregas/2', '/backOffice/eventosEntregas/2/show']) {
      const { unmount } = open(path);
      await screen.findByRole('group', { name: 'Date' });
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
      expect(screen.queryByRole('textbox')).toBeNull();
      unmount();
    }
  });

  it('refuses the address of a new one, as a route the user may not open', async () => {
    open('/backOffice/eventosEntregas/create');
    await screen.findByRole('heading', { name: 'Access denied' });
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('reads as the app writes: moments, the event by its name, the action as the history names it, the entity by its title', async () => {
    open('/backOffice/eventosEntregas/2');
    await screen.findByRole('group', { name: 'Date' });
    expect(shown('Date')).toBe(momentText(CREADO, 'en'));
    expect(shown('Date')).toMatch(/^28\/11\/2026, \d\d:09:59$/);
    expect(shown('Next attempt')).toBe(momentText(CREADO, 'en'));
    expect(shown('Delivered')).toBe(momentText(delivery.entregado, 'en'));
    await waitFor(() => expect(shown('Event')).toBe('Hook test'));
    expect(shown('Action')).toBe('Created');
    expect(shown('Entity')).toBe('Event');
    await waitFor(() => expect(within(crumbs()).getByText(`Hook test ${momentText(CREADO, 'en')}`)).toBeTruthy());
  });

  it('lists the event by its name, the action and the entity by their names', async () => {
    open('/backOffice/eventosEntregas');
    const row = (await screen.findByText('Hook test')).closest('tr')!;
    const cells = within(row).getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining([momentText(CREADO, 'en'), 'Hook test', 'Event', 'Created']));
  });
});

describe('a cheque of the wallet', () => {
  it('writes its collection day as dd/mm/yyyy in the view and in the breadcrumb, and is only looked at', async () => {
    open('/backOffice/cheques/1/show');
    await screen.findByRole('group', { name: 'Collection date' });
    expect(shown('Collection date')).toBe('30/12/2026');
    expect(within(crumbs()).getByText('00458812 Banco de la Nación Argentina 30/12/2026')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
  });

  it('offers no Add in its list', async () => {
    open('/backOffice/cheques');
    await screen.findByText('00458812');
    expect(screen.queryByRole('button', { name: 'Add' })).toBeNull();
  });
});
