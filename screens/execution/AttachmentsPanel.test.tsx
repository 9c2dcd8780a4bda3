/**
 * A record's attachments: a list that could not be read says so with a retry, never "no attachments" (users
 * attached the files again); a download that failed is told once.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../engine/api/client';
import { UiProvider } from '../../widgets/UiProvider';
import { fakeCalls } from '../fakeCalls';
import { AttachmentsPanel } from './AttachmentsPanel';

const FILE = { id: 5, nombre: 'remito.pdf', tamano: 1200, creado_por_nombre: 'carla.rios', creado_en: '2026-11-20T14:05:00Z' };

afterEach(() => vi.restoreAllMocks());

function open({ listFails = 0 } = {}) {
  let tries = 0;
  const fake = fakeCalls((call) => {
    if (call === 'adjunto/index') {
      if (++tries <= listFails) throw new ApiError(0, call, NETWORK_ERROR, '');
      return { total: 1, rows: [FILE] };
    }
    if (call === 'adjunto/download/5') throw new ApiError(500, call, undefined, 'No se pudo leer el archivo');
    return {};
  });
  render(
    <UiProvider>
      <AttachmentsPanel recordId={9} activity={{ id: 4, titulo: 'Remito', adjuntos: 'opcional' }} />
    </UiProvider>,
  );
  return fake;
}

it('a list that could not be read says so, not "no attachments", and "Reintentar" shows the files', async () => {
  const fake = open({ listFails: 1 });
  expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  expect(screen.queryByText('Sin adjuntos.')).toBeNull();
  // told once: where the files would be, not in a toast besides
  expect(fake.errorToasts()).toBe(0);
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('remito.pdf')).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
});

it('a download that failed is said once', async () => {
  const fake = open();
  fireEvent.click(await screen.findByRole('button', { name: 'Descargar remito.pdf' }));
  await waitFor(() => expect(fake.errorToasts()).toBeGreaterThan(0));
  await new Promise((r) => setTimeout(r, 50));
  expect(fake.errorToasts()).toBe(1);
});
