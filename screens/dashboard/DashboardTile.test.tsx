/** A dashboard tile or the reports page whose read failed says why and reads again on "Reintentar". */
import { expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { ApiError, NETWORK_ERROR } from '../../engine/api/client';
import { UiProvider } from '../../widgets/UiProvider';
import { ReportBrowser } from '../reports/ReportBrowser';
import { DashboardTile } from './DashboardTile';

const offline = () => new ApiError(0, 'x', NETWORK_ERROR, '');

it('a tile', async () => {
  const load = vi.fn<() => Promise<string[]>>().mockRejectedValueOnce(offline()).mockResolvedValue(['Presupuesto 12']);
  render(
    <UiProvider>
      <DashboardTile<string[]> title="Mis registros" load={load} empty={(d) => !d.length}>
        {(d) => <p>{d[0]}</p>}
      </DashboardTile>
    </UiProvider>,
  );
  expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  expect(await screen.findByText('Presupuesto 12')).toBeTruthy();
});

it('the reports page', async () => {
  const load = vi.fn().mockRejectedValueOnce(offline()).mockResolvedValue([{ title: null, reports: [] }]);
  render(
    <UiProvider>
      <ReportBrowser title="Reportes" load={load} />
    </UiProvider>,
  );
  expect((await screen.findByRole('alert')).textContent).toContain('No se pudo conectar con el servidor.');
  fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
  await vi.waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  expect(load).toHaveBeenCalledTimes(2);
});
