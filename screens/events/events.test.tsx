/**
 * Events and their deliveries in plain words (issue 15), the server answered by a fake: an event's action is a
 * choice of the actions the server offers, named as the history names them; a private URI's refusal names the
 * checkbox that allows it; a failed delivery says what went wrong (by its code, the raw error kept as detail), when
 * it is tried again and when it gives up; a delivery waiting behind an earlier one of its record says so, names it
 * and links to it, and does not blame debug for having no attempts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import { ApiError } from '../../engine/api/client';
import { momentText } from '../../engine/dates';
import i18next from '../../locales/i18n';
import { api } from '../app/session';
import EntityListScreen from '../entity/EntityListScreen';
import DeliveryFormScreen from './DeliveryFormScreen';
import EventFormScreen from './EventFormScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_ROOT'] } }) }));

const CREADO = '2026-05-12T09:00:00.000Z';
const NEXT = '2099-05-12T09:05:00.000Z';
const policy = { baseMs: 10_000, maxMs: 6 * 3600_000, maxAgeMs: 3 * 86_400_000, hasta: '2026-05-15T09:00:00.000Z' };
const base = { version: 1, evento: 1, entidad: 'secuencia', registro_id: 7, accion: 'update', creado: CREADO };
/** A delivery whose receiver refuses the connection, recorded before codes were kept (no error_codigo). */
const failing = { ...base, id: 41, estado: 'pendiente', intentos: 3, proximo_intento: NEXT, error: 'connect ECONNREFUSED 127.0.0.1:9', duracion_ms: 2 };
/** The next event of the same record: never tried, its next attempt long past. */
const waiting = { ...base, id: 42, estado: 'pendiente', intentos: 0, proximo_intento: CREADO };
const actions = [
  { id: '*', nombre: '* (todas las acciones)', name: '* (every action)' },
  { id: 'insert', nombre: 'Creó (insert)', name: 'Created (insert)' },
  { id: 'update', nombre: 'Modificó (update)', name: 'Changed (update)' },
  { id: 'move', nombre: 'Movió (move) — Registro', name: 'Moved (move) — Record' },
];
const hook = { id: 1, version: 2, nombre: 'Hook test', accion: 'update', origen: 'secuencia', uri: 'http://127.0.0.1:9/', host_privado: false, activo: true, debug: true };

let saves: Record<string, unknown>[];

function server(call: string, body: unknown): unknown {
  const answers: Record<string, unknown> = {
    'evento_entrega/show/41': failing,
    'evento_entrega/show/42': waiting,
    'evento_entrega/situacion/41': { situacion: 'reintento', activo: true, debug: false, espera: null, reintentos: policy },
    'evento_entrega/situacion/42': {
      situacion: 'espera',
      activo: true,
      debug: true,
      espera: { id: 41, ahead: 1, intentos: 3, error: failing.error, error_codigo: 'CONEXION_RECHAZADA', http_estado: null, proximo_intento: NEXT },
      reintentos: policy,
    },
    'evento_entrega/index': {
      total: 2,
      rows: [
        { ...waiting, situacion: 'espera', $labels: { evento: 'Hook test' } },
        { ...failing, error_codigo: 'CONEXION_RECHAZADA', situacion: 'reintento', $labels: { evento: 'Hook test' } },
      ],
    },
    'evento/show/1': hook,
    'evento/select': { total: 1, rows: [{ id: 1, name: 'Hook test', nombre: 'Hook test' }] },
    'evento/acciones': actions,
    'evento/origenes': [{ id: '*', nombre: '* (todas las entidades)', name: '* (every entity)' }, { id: 'secuencia', nombre: 'Secuencia (secuencia)', name: 'Sequence (secuencia)' }],
  };
  if (call === 'evento/update/1') {
    saves.push(body as Record<string, unknown>);
    throw new ApiError(406, call, 'EVENTO_URI_PRIVADA', 'EVENTO_URI_PRIVADA', [{ field: 'uri', code: 'EVENTO_URI_PRIVADA' }]);
  }
  if (call in answers) return answers[call];
  if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
  return {};
}

const node = routeNode;

function open(path: string) {
    return renderAt(
    [
      { path: '/backOffice/eventosEntregas', element: <EntityListScreen route={node('eventosEntregas')} /> },
      { path: '/backOffice/eventosEntregas/:id/:show?', element: <DeliveryFormScreen route={node('eventosEntregasForm')} /> },
      { path: '/backOffice/eventosConfig', element: <p>list</p> },
      { path: '/backOffice/eventosConfig/:id/:show?', element: <EventFormScreen route={node('eventosConfigForm')} /> },
    ],
    path,
  );
}

const situation = async () => screen.findByRole('region', { name: 'Situation' });

beforeEach(async () => {
  saves = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => server(call, body) as never);
  await act(() => i18next.changeLanguage('en'));
});
afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => i18next.changeLanguage('es'));
});

describe('a failed delivery', () => {
  it('says what went wrong in words, what to check, keeps the raw error, and tells the next attempt and when retries stop', async () => {
    open('/backOffice/eventosEntregas/41/show');
    const region = await situation();
    await waitFor(() => expect(region.textContent).toContain(`Attempt 3 failed. The next attempt is on ${momentText(NEXT, 'en')}.`));
    const problem = within(region).getByTestId('delivery-problem');
    expect(problem.textContent).toContain('Last error: The receiver refused the connection');
    expect(problem.textContent).toContain('Nothing listens at that address and port');
    expect(problem.textContent).toContain('Technical detail: connect ECONNREFUSED 127.0.0.1:9');
    expect(region.textContent).toContain('it waits about 10 seconds, and each wait doubles the previous one up to 6 hours at most');
    expect(region.textContent).toContain(`It is retried until ${momentText(policy.hasta, 'en')}, 3 days after it was created`);
    // debug off: that is why no attempt is listed
    expect(await screen.findByText('No attempt detail: it is kept only while “Debug” is ticked on the event.')).toBeTruthy();
  });

  it('says the same in Spanish', async () => {
    await act(() => i18next.changeLanguage('es'));
    open('/backOffice/eventosEntregas/41/show');
    const region = await screen.findByRole('region', { name: 'Situación' });
    await waitFor(() => expect(within(region).getByTestId('delivery-problem').textContent).toContain('Último error: El receptor rechazó la conexión'));
    expect(region.textContent).toContain('Detalle técnico: connect ECONNREFUSED 127.0.0.1:9');
    expect(region.textContent).toContain('se espera unos 10 segundos');
  });
});

describe('a delivery waiting behind an earlier one of its record', () => {
  it('says it waits, names and links that delivery with its failure, and does not blame debug for having no attempts', async () => {
    open('/backOffice/eventosEntregas/42/show');
    const region = await situation();
    await waitFor(() => expect(region.textContent).toContain('Waiting: delivery 41, of the same record, must go out first and is still pending.'));
    expect(region.textContent).toContain('Delivery 41 failed in 3 attempts: The receiver refused the connection.');
    expect(within(region).getByRole('link', { name: 'Open delivery 41' }).getAttribute('href')).toBe('/backOffice/eventosEntregas/41/show');
    expect(within(region).queryByTestId('delivery-problem')).toBeNull();
    expect(await screen.findByText('No attempts yet.')).toBeTruthy();
    expect(screen.queryByText(/it is kept only while/)).toBeNull();
  });

  it('the log lists the situation and the problem in words', async () => {
    open('/backOffice/eventosEntregas');
    const row = (await screen.findByText('Waiting for an earlier delivery of the same record')).closest('tr')!;
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(expect.arrayContaining(['Hook test', 'Sequence', 'Changed']));
    const failed = (await screen.findByText('The receiver refused the connection')).closest('tr')!;
    expect(within(failed).getByText('Failed; will be retried')).toBeTruthy();
  });
});

describe("an event's form", () => {
  it('offers the action as a choice of the actions the server accepts, by their names', async () => {
    open('/backOffice/eventosConfig/1');
    const action = (await screen.findByRole('combobox', { name: /^Action/ })) as HTMLInputElement;
    await waitFor(() => expect(action.value).toBe('Changed (update)'));
    expect(screen.getByText(/“Changed” includes “Changed a field”; \* sends every action/)).toBeTruthy();
    fireEvent.click(action);
    await waitFor(() => expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(actions.map((a) => a.name)));
  });

  it('refused for a private address, points to the checkbox that allows it', async () => {
    open('/backOffice/eventosConfig/1');
    await screen.findByRole('combobox', { name: /^Action/ });
    await waitFor(() => expect((screen.getByRole('textbox', { name: /^Web hook URI/ }) as HTMLInputElement).value).toBe(hook.uri));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(saves).toHaveLength(1));
    expect(saves[0]).toMatchObject({ accion: 'update', uri: hook.uri });
    const message = await screen.findAllByText(/tick “Allow a private host” and save again/);
    expect(message.length).toBeGreaterThan(0);
  });
});
