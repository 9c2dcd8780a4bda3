/**
 * The flow designer screen over a fake server, as the tester used it (an admin, in Spanish): Verificar never
 * stores an unfinished edit nor withdraws a live flow; Guardar keeps a live flow in use, or asks first; the list's "Ver" opens the flow to look at; the history names
 * steps and connections as the designer shows them.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { sameMeaning } from '../../engine/flow/edit';
import { graphOf } from '../../machines/flowDesignerModel';
import { renderAt, routeNode } from '../screenTesting';
import { AppToaster } from '../../widgets/AppToaster';
import { api } from '../app/session';
import EntityListScreen from '../entity/EntityListScreen';
import FlowDesignerScreen from './FlowDesignerScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'martin.sosa', roles: ['ROLE_ADMIN'] } }) }));

/** "Ventas", live: start -> order -> question: paid? yes -> delivery -> end; no -> end. */
const ventas = () => ({
  id: 3,
  version: 4,
  nombre: 'Ventas',
  verificado: true,
  nodos: [
    { id: 11, clave: 'inicio', tipo: 'inicio', x: 0, y: 0 },
    { id: 12, clave: 'pedido', tipo: 'actividad', actividad: 1, x: 0, y: 150 },
    { id: 13, clave: 'pago', tipo: 'pregunta', texto: '¿Pagado?', x: 0, y: 300 },
    { id: 14, clave: 'si', tipo: 'respuesta', texto: 'Sí', x: -120, y: 450 },
    { id: 15, clave: 'no', tipo: 'respuesta', texto: 'No', x: 120, y: 450 },
    { id: 16, clave: 'entrega', tipo: 'actividad', actividad: 2, x: -120, y: 600 },
    { id: 17, clave: 'fin', tipo: 'fin', x: 0, y: 750 },
  ],
  conexiones: [
    { id: 21, desde: 'inicio', hacia: 'pedido' },
    { id: 22, desde: 'pedido', hacia: 'pago' },
    { id: 23, desde: 'pago', hacia: 'si' },
    { id: 24, desde: 'pago', hacia: 'no' },
    { id: 25, desde: 'si', hacia: 'entrega' },
    { id: 26, desde: 'no', hacia: 'fin' },
    { id: 27, desde: 'entrega', hacia: 'fin' },
  ],
});

const AT = '2026-11-28T14:09:59.904Z';
/** What the history answers: steps and connections added, removed and changed, by their row ids. */
const history = {
  total: 2,
  rows: [
    {
      id: 2,
      at: AT,
      username: 'martin.sosa',
      action: 'update',
      changes: {
        children: {
          nodos: {
            added: [{ id: 18, clave: 'n8', tipo: 'subflujo', flujo: 5 }],
            removed: [{ id: 9, clave: 'viejo', tipo: 'pregunta', texto: '¿Con envío?' }],
            changed: [{ id: 13, fields: { texto: ['¿Pago?', '¿Pagado?'] } }],
          },
          conexiones: {
            added: [{ id: 28, desde: 'entrega', hacia: 'n8' }],
            removed: [
              { id: 8, desde: 'pedido', hacia: 'viejo' },
              { id: 7, desde: 'viejo', hacia: 'pago' },
            ],
          },
        },
      },
    },
    { id: 1, at: AT, username: 'martin.sosa', action: 'insert', changes: { children: { conexiones: { added: [{ id: 21, desde: 'inicio', hacia: 'pedido' }] } } } },
  ],
};

let calls: { path: string; body: unknown }[];
let answers: Record<string, unknown>;

const node = routeNode;

function open(path: string) {
  const { router } = renderAt(
    [
      { path: '/backOffice/macroprocess', element: <EntityListScreen route={node('macroprocess')} /> },
      { path: `/backOffice/${node('macroprocessForm')!.path}`, element: <FlowDesignerScreen route={node('macroprocessForm')} /> },
    ],
    path, <AppToaster />,
  );
  return router;
}

const written = () => calls.filter((c) => /^flujo\/(save|update|verify|addflowstep|updateflowstep|deletestep)/.test(c.path));
const step = (key: string) => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${key}"]`);
const status = () => screen.getByTestId('flow-status').textContent;

async function openVentas(path = '/backOffice/macroprocess/3') {
  const router = open(path);
  await waitFor(() => expect(document.querySelectorAll('.react-flow__node')).toHaveLength(7));
  // the activities' names are known (the history and the problems name steps by them)
  await waitFor(() => expect(step('pedido')?.textContent).toContain('Pedido de venta'));
  return router;
}

beforeEach(() => {
  calls = [];
  answers = {
    'flujo/show/3': ventas(),
    'actividad/index': {
      total: 2,
      rows: [
        { id: 1, titulo: 'Pedido de venta', codificacion: 'VEN-01' },
        { id: 2, titulo: 'Entrega', codificacion: 'VEN-02' },
      ],
    },
    'flujo/index': { total: 2, rows: [{ id: 3, nombre: 'Ventas', grupo: null, verificado: true }, { id: 5, nombre: 'Cobranza', grupo: null, verificado: true }] },
    'flujo/history/3': history,
  };
  vi.spyOn(api, 'post').mockImplementation(async (path: string, body?: unknown) => {
    calls.push({ path, body });
    if (path === 'flujo/verify/3') {
      const { version, borrador } = (body ?? {}) as { version?: number; borrador?: Record<string, unknown> };
      return { ...ventas(), ...borrador, id: 3, version: (version ?? 4) + 1, verificado: true } as never;
    }
    if (path === 'flujo/update/3') {
      // as the server answers: still verified only when the graph means the same
      const { version, ...record } = body as Record<string, unknown> & { version: number };
      return { ...ventas(), ...record, id: 3, version: version + 1, verificado: sameMeaning(graphOf(ventas()), graphOf(record)) } as never;
    }
    return (path in answers ? answers[path] : {}) as never;
  });
});
afterEach(() => vi.restoreAllMocks());

describe('Verificar on a live flow', () => {
  it('with an unfinished sub-flow step added and not saved: stores nothing, the flow stays verified, the problem is shown on its step', async () => {
    await openVentas();
    expect(status()).toBe('Verificado');
    // a step tapped, "+ Subflujo", not saved, "Verificar"
    fireEvent.click(step('entrega')!);
    await screen.findByText(/Clave entrega$/);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Agregar pasos' })).getByRole('button', { name: 'Subflujo' }));
    await waitFor(() => expect(step('n8')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));

    expect(await screen.findAllByText('El flujo tiene problemas: corríjalos antes de verificarlo.')).not.toHaveLength(0);
    // nothing was sent: no save, no verify; nothing says it was saved
    await new Promise((r) => setTimeout(r, 50));
    expect(written()).toEqual([]);
    expect(screen.queryByText('Guardado.')).toBeNull();
    expect(status()).toBe('Verificado');
    screen.getByText('Hay cambios sin guardar');
    // the problem is on the new step, listed by its name, and the step is the one selected to fix
    expect(step('n8')!.querySelector('[data-testid="step-problems"]')?.textContent).toContain('El subflujo no tiene flujo destino, no existe o es este mismo flujo.');
    screen.getByRole('button', { name: /^Subflujo: Elija el flujo destino — El subflujo no tiene flujo destino/ });
    await screen.findByText(/Clave n8$/);
  });

  it('with a valid edit: stores and verifies it in one call, never unverified in between', async () => {
    await openVentas();
    fireEvent.click(step('pago')!);
    await screen.findByText(/Clave pago$/);
    fireEvent.change(within(screen.getByRole('region', { name: 'Selección' })).getByRole('textbox', { name: 'Texto' }), { target: { value: '¿Cobrado?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verificar' }));

    expect(await screen.findAllByText('Flujo verificado: ya se puede usar.')).not.toHaveLength(0);
    expect(written().map((c) => c.path)).toEqual(['flujo/verify/3']);
    const { version, borrador } = written()[0].body as { version: number; borrador: { nombre: string; nodos: { clave: string; texto?: string; id?: number }[] } };
    expect(version).toBe(4);
    expect(borrador.nombre).toBe('Ventas');
    expect(borrador.nodos.find((n) => n.clave === 'pago')).toMatchObject({ id: 13, texto: '¿Cobrado?' });
    expect(status()).toBe('Verificado');
    await waitFor(() => expect(screen.queryByText('Hay cambios sin guardar')).toBeNull());
  });
});

describe('Guardar on a live flow', () => {
  it('with a valid change of its graph: stored through the verify, it stays verified and in use', async () => {
    await openVentas();
    fireEvent.click(step('pago')!);
    await screen.findByText(/Clave pago$/);
    fireEvent.change(within(screen.getByRole('region', { name: 'Selección' })).getByRole('textbox', { name: 'Texto' }), { target: { value: '¿Cobrado?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    expect(await screen.findAllByText('Guardado.')).not.toHaveLength(0);
    expect(written().map((c) => c.path)).toEqual(['flujo/verify/3']);
    const { version, borrador } = written()[0].body as { version: number; borrador: { nodos: { clave: string; texto?: string }[] } };
    expect(version).toBe(4);
    expect(borrador.nodos.find((n) => n.clave === 'pago')).toMatchObject({ texto: '¿Cobrado?' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(status()).toBe('Verificado');
    await waitFor(() => expect(screen.queryByText('Hay cambios sin guardar')).toBeNull());
  });

  it('with a change that does not pass: asks first; Seguir editando writes nothing; saved anyway it is out of use', async () => {
    await openVentas();
    fireEvent.click(step('entrega')!);
    await screen.findByText(/Clave entrega$/);
    fireEvent.click(within(screen.getByRole('toolbar', { name: 'Agregar pasos' })).getByRole('button', { name: 'Subflujo' }));
    await waitFor(() => expect(step('n8')).not.toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));

    let dialog = await screen.findByRole('dialog', { name: '¿Retirar el flujo de uso?' });
    within(dialog).getByText(/el personal lo está usando\. Si lo guarda con estos problemas, deja de estar disponible/);
    within(dialog).getByText(/^Subflujo: Elija el flujo destino — El subflujo no tiene flujo destino/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(written()).toEqual([]);
    expect(status()).toBe('Verificado');
    screen.getByText('Hay cambios sin guardar');

    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    dialog = await screen.findByRole('dialog', { name: '¿Retirar el flujo de uso?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Guardar y retirar de uso' }));
    expect(await screen.findAllByText('Guardado.')).not.toHaveLength(0);
    expect(written().map((c) => c.path)).toEqual(['flujo/update/3']);
    await waitFor(() => expect(status()).toBe('Sin verificar'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('looking at a flow from the list', () => {
  it('"Ver" opens the flow read-only, with Edit to open it for editing', async () => {
    const router = open('/backOffice/macroprocess');
    fireEvent.click(await screen.findByRole('button', { name: 'Ver Ventas' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backOffice/macroprocess/3/show'));
    await waitFor(() => expect(document.querySelectorAll('.react-flow__node')).toHaveLength(7));
    expect(screen.getByRole('heading', { name: 'Flujo', level: 1 })).toBeTruthy();
    expect(screen.queryByText('Página no encontrada')).toBeNull();
    expect(status()).toBe('Verificado');
    // nothing that changes it
    for (const name of ['Guardar', 'Verificar', 'Duplicar']) expect(screen.queryByRole('button', { name })).toBeNull();
    expect(screen.queryByRole('toolbar', { name: 'Agregar pasos' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: /^Nombre/ })).toBeNull();
    fireEvent.click(step('pago')!);
    await screen.findByText(/Clave pago$/);
    expect(screen.queryByRole('button', { name: 'Borrar paso' })).toBeNull();
    screen.getByRole('button', { name: 'Historial' });

    fireEvent.click(screen.getByRole('button', { name: 'Editar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/backOffice/macroprocess/3'));
    await screen.findByRole('button', { name: 'Guardar' });
    screen.getByRole('button', { name: 'Verificar' });
    screen.getByRole('toolbar', { name: 'Agregar pasos' });
  });
});

describe("a flow's history", () => {
  it('names steps as the designer shows them and connections as "from → to", never by their keys', async () => {
    await openVentas();
    await waitFor(() => expect(step('entrega')?.textContent).toContain('Entrega'));
    fireEvent.click(screen.getByRole('button', { name: 'Historial' }));
    const list = await screen.findByRole('list', { name: 'Historial de cambios' });
    const lines = within(list).getAllByRole('listitem').map((li) => [...li.querySelectorAll('p')].slice(1).map((p) => p.textContent));
    expect(lines[0]).toEqual([
      'Pasos: se agregó Subflujo: Cobranza',
      'Pasos: se quitó Pregunta: ¿Con envío?',
      'Pasos · Texto (Pregunta: ¿Pagado?): ¿Pago? → ¿Pagado?',
      'Conexiones: se agregó Actividad: Entrega (VEN-02) → Subflujo: Cobranza',
      'Conexiones: se quitaron Actividad: Pedido de venta (VEN-01) → Pregunta: ¿Con envío?; Pregunta: ¿Con envío? → Pregunta: ¿Pagado?',
    ]);
    expect(lines[1]).toEqual(['Conexiones: se agregó Inicio → Actividad: Pedido de venta (VEN-01)']);
    expect(list.textContent).not.toMatch(/\bn8\b|viejo|pedido;/);
  });
});
