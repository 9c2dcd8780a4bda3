/**
 * The instructive form's mode actions, the server answered by a fake that keeps one instructive: after "make
 * current" or "back to elaboration" the form shows the record as the server now holds it (mode, revision,
 * version), offers the new mode's actions and saves afterwards without a conflict; what was typed before a mode
 * action is saved with it (asked first), never dropped.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderAt, routeNode } from '../screenTesting';
import { ApiError } from '../../engine/api/client';
import i18next from '../../locales/i18n';
import { api } from '../app/session';
import InstructiveFormScreen from './InstructiveFormScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN', 'ROLE_ROOT'] } }) }));

const node = routeNode;

const task = { id: 31, version: 1, titulo: 'Medir', predecesoras: [], optimista: 1, probable: 2, pesimista: 3, te: 2, sd: 0.33, es: 0, ef: 2, ls: 0, lf: 2, holgura: 0, critica: true };

/** The server's instructive 7 and the writes it took, as the server keeps them (a write meets the version it read). */
let stored: Record<string, unknown>;
let writes: { call: string; body: Record<string, unknown> }[];

const conflict = (call: string) => new ApiError(409, call, 'VERSION_CONFLICT', 'VERSION_CONFLICT');

function server(call: string, body: unknown): unknown {
  const sent = (body ?? {}) as Record<string, unknown>;
  if (call === 'instructivo/show/7') return { ...stored };
  if (call === 'instructivo/pert/7') return { duracion: 2, desviacion: 0.33, varianza: 0.11, rutaCritica: [31], tareas: [task] };
  if (call === 'instructivo/publish/7' || call === 'instructivo/revise/7' || call === 'instructivo/update/7') {
    writes.push({ call, body: sent });
    if (sent.version !== undefined && sent.version !== stored.version) throw conflict(call);
    const { version: _v, ...fields } = sent;
    const change =
      call === 'instructivo/publish/7'
        ? { modo: 'vigente' }
        : call === 'instructivo/revise/7'
          ? { modo: 'en_elaboracion', revision: Number(stored.revision) + 1 }
          : { ...fields, modo: stored.modo, revision: stored.revision };
    stored = { ...stored, ...change, version: Number(stored.version) + 1 };
    return { ...stored };
  }
  if (call.endsWith('/index') || call.endsWith('/select') || call.includes('/history/')) return { total: 0, rows: [] };
  return {};
}

function open(path = '/backOffice/instructive/7') {
    return renderAt(
    [
      { path: '/backOffice/instructive', element: <p>list</p> },
      { path: '/backOffice/instructive/:id/:show?', element: <InstructiveFormScreen route={node('instructive')} /> },
    ],
    path,
  );
}

const banner = () => screen.getAllByRole('status').find((s) => /revisión/.test(s.textContent ?? ''))?.textContent ?? '';
const objetivo = () => screen.getByRole('textbox', { name: /^Objetivo/ }) as HTMLTextAreaElement;
const button = (name: string) => screen.queryByRole('button', { name });

beforeEach(() => {
  stored = { id: 7, version: 3, codificacion: 'IT-01', titulo: 'Instalación de termotanque', tipo: 'operativo', revision: 0, estado: 'activo', modo: 'en_elaboracion', objetivo: '' };
  writes = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => server(call, body) as never);
});
afterEach(() => vi.restoreAllMocks());

describe('the instructive form after a mode action', () => {
  it('shows the record as the server holds it, offers the new mode’s actions, and saves afterwards without a conflict', async () => {
    open();
    await screen.findByRole('button', { name: 'Poner vigente' });
    await waitFor(() => expect(banner()).toMatch(/^En elaboración, revisión 0/));

    fireEvent.click(button('Poner vigente')!);
    await screen.findByRole('button', { name: 'Volver a elaboración' });
    expect(banner()).toMatch(/^Vigente, revisión 0/);
    expect(button('Poner vigente')).toBeNull();
    // the action met the version the form showed
    expect(writes.at(-1)).toEqual({ call: 'instructivo/publish/7', body: { version: 3 } });

    fireEvent.click(button('Volver a elaboración')!);
    await screen.findByRole('button', { name: 'Poner vigente' });
    expect(banner()).toMatch(/^En elaboración, revisión 1/);
    expect(writes.at(-1)).toEqual({ call: 'instructivo/revise/7', body: { version: 4 } });

    // typed and saved: the save meets the version the server now holds
    fireEvent.change(await waitFor(objetivo), { target: { value: 'Instalar sin pérdidas' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(stored.objetivo).toBe('Instalar sin pérdidas'));
    expect(writes.at(-1)).toMatchObject({ call: 'instructivo/update/7', body: { version: 5, objetivo: 'Instalar sin pérdidas' } });
    expect(screen.queryByText(/Otro usuario modificó este registro/)).toBeNull();
  });

  it('asks before making current with typed data: keeping on editing keeps it; saving and making current stores it first', async () => {
    open();
    fireEvent.change(await waitFor(objetivo), { target: { value: 'Instalar sin pérdidas' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Poner vigente' }));
    let ask = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Seguir editando' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(objetivo().value).toBe('Instalar sin pérdidas');
    expect(writes).toEqual([]);

    fireEvent.click(button('Poner vigente')!);
    ask = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Guardar y poner vigente' }));
    await screen.findByRole('button', { name: 'Volver a elaboración' });
    expect(writes.map((w) => w.call)).toEqual(['instructivo/update/7', 'instructivo/publish/7']);
    expect(writes[0].body).toMatchObject({ version: 3, objetivo: 'Instalar sin pérdidas' });
    expect(writes[1].body).toEqual({ version: 4 });
    expect(stored).toMatchObject({ modo: 'vigente', objetivo: 'Instalar sin pérdidas', version: 5 });
    expect(banner()).toMatch(/^Vigente, revisión 0/);
    expect(screen.getByText('Instalar sin pérdidas')).toBeTruthy();
  });

  it('does not make current when the save of the typed data is refused, and keeps what was typed', async () => {
    open();
    await screen.findByRole('button', { name: 'Poner vigente' });
    // someone else saved meanwhile: the save meets a newer version
    stored = { ...stored, version: 4 };
    fireEvent.change(await waitFor(objetivo), { target: { value: 'Instalar sin pérdidas' } });
    fireEvent.click(button('Poner vigente')!);
    const ask = await screen.findByRole('dialog', { name: 'Cambios sin guardar' });
    fireEvent.click(within(ask).getByRole('button', { name: 'Guardar y poner vigente' }));
    await waitFor(() => expect(writes.map((w) => w.call)).toEqual(['instructivo/update/7']));
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(writes.map((w) => w.call)).toEqual(['instructivo/update/7']);
    expect(stored.modo).toBe('en_elaboracion');
    expect(objetivo().value).toBe('Instalar sin pérdidas');
    expect(button('Poner vigente')).not.toBeNull();
  });

  it('speaks English', async () => {
    await act(() => i18next.changeLanguage('en'));
    open();
    fireEvent.change(await waitFor(objetivo_en), { target: { value: 'No leaks' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Make current' }));
    const ask = await screen.findByRole('dialog', { name: 'Unsaved changes' });
    expect(within(ask).getByRole('button', { name: 'Save and make current' })).toBeTruthy();
  });
});

const objetivo_en = () => screen.getByRole('textbox', { name: /^Target/ }) as HTMLTextAreaElement;
