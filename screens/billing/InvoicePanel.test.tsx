/**
 * A record's vouchers: each failure is told once. Issuing tries again after a lost answer without a toast per
 * attempt (a toast then a success made users issue again); only the last failure is said. Vouchers that could not
 * be read say so, with a retry, and nothing is offered to issue meanwhile.
 */
import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../engine/api/client';
import { UiProvider } from '../../widgets/UiProvider';
import { fakeCalls } from '../fakeCalls';
import { InvoicePanel } from './InvoicePanel';

const ISSUED = { id: 3, tipo: 'factura', letra: 'B', punto_venta: 1, numero: 12, estado: 'emitida', importe_total: 100, observaciones: [], acreditable: null };
const lost = (call: string) => new ApiError(0, call, NETWORK_ERROR, '');

afterEach(() => vi.restoreAllMocks());

function server({ vouchers = [] as object[], issueFails = 0, pdfFails = false, indexFails = 0 } = {}) {
  const state = { issued: 0, issueTries: 0, indexTries: 0 };
  const fake = fakeCalls((call) => {
    if (call === 'factura/index') {
      if (++state.indexTries <= indexFails) throw lost(call);
      return { total: vouchers.length, rows: vouchers };
    }
    if (call === 'factura/show/3') return ISSUED;
    if (call === 'factura/monedas') return [];
    if (call === 'registro/facturar/7') {
      if (++state.issueTries <= issueFails) throw lost(call);
      state.issued++;
      vouchers = [ISSUED];
      return ISSUED;
    }
    if (call === 'factura/pdf/3' && pdfFails) throw new ApiError(500, call, undefined, 'No se pudo generar el PDF');
    return {};
  });
  render(
    <UiProvider>
      <InvoicePanel recordId={7} canIssue articleName={() => ''} />
    </UiProvider>,
  );
  return { fake, state };
}

it('an issue whose first answer was lost and whose retry worked shows no error', async () => {
  const { fake, state } = server({ issueFails: 1 });
  fireEvent.click(await screen.findByRole('button', { name: 'Emitir factura' }));
  await screen.findByTestId('invoice');
  expect(state.issued).toBe(1);
  expect(fake.errorToasts()).toBe(0);
});

it('an issue that failed on every try is said once', async () => {
  const { fake, state } = server({ issueFails: 3 });
  fireEvent.click(await screen.findByRole('button', { name: 'Emitir factura' }));
  await waitFor(() => expect(fake.errorToasts()).toBe(1), { timeout: 5000 });
  expect(state.issueTries).toBe(3);
  await new Promise((r) => setTimeout(r, 50));
  expect(fake.errorToasts()).toBe(1);
});

it('a print that failed is said once', async () => {
  const { fake } = server({ vouchers: [ISSUED], pdfFails: true });
  fireEvent.click(await screen.findByRole('button', { name: 'Imprimir' }));
  await waitFor(() => expect(fake.errorToasts()).toBeGreaterThan(0));
  await new Promise((r) => setTimeout(r, 50));
  expect(fake.errorToasts()).toBe(1);
});

it('vouchers that could not be read say so, offer nothing to issue, and "Reintentar" shows them', async () => {
  server({ vouchers: [ISSUED], indexFails: 1 });
  expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  expect(screen.queryByRole('button', { name: 'Emitir factura' })).toBeNull();
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByTestId('invoice')).toBeTruthy();
});
