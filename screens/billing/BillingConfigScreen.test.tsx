/** Billing config's certificate actions: a failure (the upload refused, AFIP unreachable) is told once, not twice. */
import { afterEach, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../engine/api/client';
import { fakeCalls } from '../fakeCalls';
import { renderAt, routeNode } from '../screenTesting';
import BillingConfigScreen from './BillingConfigScreen';

vi.mock('../app/useSession', () => ({ useSession: () => ({ user: { username: 'admin', roles: ['ROLE_ADMIN'] } }) }));

const CERTIFICATE = { cuit: '20123456789', sujeto: 'Corralón Sosa', vence: '2027-06-01', state: 'vigente', daysLeft: 184 };

afterEach(() => vi.restoreAllMocks());

function open({ readFails = 0 } = {}) {
  let reads = 0;
  const fake = fakeCalls((call) => {
    if (call === 'facturacion/index' && ++reads <= readFails) throw new ApiError(0, call, NETWORK_ERROR, '');
    if (call === 'facturacion/index') return { total: 1, rows: [{ id: 1 }] };
    if (call === 'facturacion/show/1') return { id: 1, version: 1, certificado: CERTIFICATE };
    if (call === 'facturacion/probar') throw new ApiError(502, call, 'AFIP_NO_RESPONDE', 'AFIP no responde');
    if (call === 'facturacion/certificado') throw new ApiError(422, call, undefined, 'El certificado no corresponde a la clave');
    return {};
  });
  renderAt([{ path: '/backOffice/billingConfig', element: <BillingConfigScreen route={routeNode('billingConfig')} /> }], '/backOffice/billingConfig');
  return fake;
}

const settle = () => new Promise((r) => setTimeout(r, 50));

it('an AFIP check that failed is said once', async () => {
  const fake = open();
  await screen.findByTestId('certificate-info');
  fireEvent.click(screen.getByRole('button', { name: 'Probar conexión con AFIP' }));
  await waitFor(() => expect(fake.errorToasts()).toBeGreaterThan(0));
  await settle();
  expect(fake.errorToasts()).toBe(1);
});

it('a certificate upload that was refused is said once', async () => {
  const fake = open();
  await screen.findByTestId('certificate-info');
  fireEvent.change(screen.getByLabelText('Certificado (.crt / .pem)'), { target: { files: [new File(['CERT'], 'a.crt')] } });
  fireEvent.change(screen.getByLabelText(/^Clave privada/), { target: { files: [new File(['KEY'], 'a.key')] } });
  fireEvent.click(screen.getByRole('button', { name: 'Cargar certificado y clave' }));
  await waitFor(() => expect(fake.errorToasts()).toBeGreaterThan(0));
  await settle();
  expect(fake.errorToasts()).toBe(1);
});

it('a certificate that could not be read is not "no certificate yet": it says why, once, and Reintentar shows it', async () => {
  // the one-record form and the certificate panel both read the record: both fail, each says so where its data goes
  const fake = open({ readFails: 2 });
  const retry = await screen.findAllByRole('button', { name: 'Reintentar' });
  expect(retry).toHaveLength(2);
  expect(screen.queryByText('Todavía no se cargó un certificado.')).toBeNull();
  await settle();
  expect(fake.errorToasts()).toBe(0);
  for (const button of retry) fireEvent.click(button);
  expect(await screen.findByTestId('certificate-info')).toBeTruthy();
  expect((screen.getByRole('button', { name: 'Probar conexión con AFIP' }) as HTMLButtonElement).disabled).toBe(false);
});
