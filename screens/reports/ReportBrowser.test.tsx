import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { UiProvider } from '../../widgets/UiProvider';
import { ReportBrowser } from './ReportBrowser';
import type { ReportSummary } from './reportsApi';

const browse = (reports: ReportSummary[]) =>
  render(
    <UiProvider>
      <ReportBrowser title="Reportes" load={async () => [{ title: null, reports }]} />
    </UiProvider>,
  );

describe('ReportBrowser', () => {
  it('with no report for the user, says so and does not ask to choose one', async () => {
    browse([]);
    await screen.findByText('No hay reportes para su puesto.');
    expect(screen.queryByText('Elija un reporte.')).toBeNull();
  });

  it('with reports, asks to choose one', async () => {
    browse([{ id: 1, descrip: 'Ventas del mes', descripcion: 'Ventas del mes', contexto: 'menurep' } as ReportSummary]);
    await screen.findByRole('button', { name: 'Ventas del mes' });
    expect(screen.getByText('Elija un reporte.')).toBeTruthy();
    expect(screen.queryByText('No hay reportes para su puesto.')).toBeNull();
  });
});
