import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
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

  it('gives the chosen report the whole width, not its content\'s (a wide result must not widen a phone\'s page)', async () => {
    browse([{ id: 1, descrip: 'Ventas', descripcion: 'Ventas del mes', contexto: 'menurep', builtin: false, parametros: [{ nombre: 'desde', tipo: 'fecha' }] } as ReportSummary]);
    fireEvent.click(await screen.findByRole('button', { name: 'Ventas' }));
    const runner = screen.getByRole('heading', { name: 'Ventas del mes' }).parentElement!.parentElement!;
    expect(getComputedStyle(runner).width).toMatch(/^(100%|var\(--chakra-sizes-full\))$/);
  });
});
