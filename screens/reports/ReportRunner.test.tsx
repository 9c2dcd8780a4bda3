/**
 * A report's run form over a fake server: a day typed that is none stays in its field and says so, and the report
 * does not run until it is corrected (it used to run without that bound).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { api } from '../app/session';
import { UiProvider } from '../../widgets/UiProvider';
import { ReportRunner } from './ReportRunner';
import type { ReportSummary } from './reportsApi';

vi.mock('../../widgets/openInNewTab', () => ({ openInNewTab: () => true }));

const report = {
  id: 5, descripcion: 'Ventas por período', descrip: 'Ventas', clave: '/reports/ventas', contexto: 'menurep', builtin: false,
  parametros: [
    { nombre: 'desde', tipo: 'fecha', etiqueta: 'Desde' },
    { nombre: 'hasta', tipo: 'fecha', etiqueta: 'Hasta' },
  ],
} as unknown as ReportSummary;
const WRONG = 'Ingrese una fecha válida (dd/mm/aaaa)';

let runs: Record<string, unknown>[];
beforeEach(() => {
  runs = [];
  vi.spyOn(api, 'post').mockImplementation(async (call: string, body?: unknown) => {
    if (call !== 'reportes/getReporteForExecById') throw new Error(`unexpected ${call}`);
    runs.push(body as Record<string, unknown>);
    const params = (body as { params: Record<string, string> }).params;
    return { urlreporte: 'https://bi.example.com/r', key: '/reports/ventas', params } as never;
  });
});
afterEach(() => vi.restoreAllMocks());

const runner = (r: ReportSummary = report) =>
  render(
    <UiProvider>
      <ReportRunner report={r} />
    </UiProvider>,
  );
const field = (name: string | RegExp) => screen.getByLabelText(name) as HTMLInputElement;
const messageOf = (input: HTMLElement) =>
  (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' ');

describe('ReportRunner', () => {
  it('keeps a day typed that is none, names it once left, and does not run without it until it is corrected', async () => {
    runner();
    const from = field('Desde');
    fireEvent.change(from, { target: { value: '31/02/2026' } });
    fireEvent.blur(from);
    await waitFor(() => expect(from.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(messageOf(from)).toBe(WRONG));

    fireEvent.click(screen.getByRole('button', { name: 'Abrir reporte' }));
    await waitFor(() => expect(document.activeElement).toBe(from));
    expect(from.value).toBe('31/02/2026');
    expect(messageOf(from)).toBe(WRONG);
    expect(runs).toEqual([]);

    fireEvent.change(from, { target: { value: '28/02/2026' } });
    expect(from.getAttribute('aria-invalid')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Abrir reporte' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]).toEqual({ id: 5, params: { desde: '2026-02-28' } });
    expect(await screen.findByTestId('report-link')).toBeTruthy();
  });

  it('names a day half typed when run with Enter, though the field was never left, and takes the user to it', async () => {
    runner();
    const to = field('Hasta');
    fireEvent.change(to, { target: { value: '12/0' } });
    expect(to.getAttribute('aria-invalid')).toBeNull();
    fireEvent.submit(to.closest('form')!);
    await waitFor(() => expect(to.getAttribute('aria-invalid')).toBe('true'));
    await waitFor(() => expect(messageOf(to)).toBe(WRONG));
    await waitFor(() => expect(document.activeElement).toBe(to));
    expect(to.value).toBe('12/0');
    expect(runs).toEqual([]);

    // cleared, the report runs without that bound, as asked
    fireEvent.change(to, { target: { value: '' } });
    fireEvent.submit(to.closest('form')!);
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]).toEqual({ id: 5, params: {} });
  });

  it('says a required day is required, names what is missing itself, and asks for a number where one is wanted', async () => {
    runner({
      ...report,
      parametros: [
        { nombre: 'desde', tipo: 'fecha', etiqueta: 'Desde', requerido: true },
        { nombre: 'minimo', tipo: 'numero', etiqueta: 'Mínimo', defecto: 'diez' },
      ],
    } as unknown as ReportSummary);
    const from = field(/^Desde/);
    // required for screen readers (implicit aria-required), while the form leaves the check to the app, not the browser
    expect(from.required).toBe(true);
    expect(from.closest('form')!.noValidate).toBe(true);
    fireEvent.submit(from.closest('form')!);
    await waitFor(() => expect(messageOf(from)).toBe('El campo Desde es obligatorio'));
    expect(messageOf(field('Mínimo'))).toBe('Ingrese un número');
    expect(runs).toEqual([]);
  });

  it('reads a number parameter as the user writes numbers and sends it as the report expects it', async () => {
    runner({ ...report, parametros: [{ nombre: 'minimo', tipo: 'numero', etiqueta: 'Mínimo', defecto: '2.5' }] } as unknown as ReportSummary);
    const min = field('Mínimo');
    // the default, written the Spanish way
    expect(min.value).toBe('2,5');
    fireEvent.change(min, { target: { value: '1.000,75' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abrir reporte' }));
    await waitFor(() => expect(runs).toHaveLength(1));
    expect(runs[0]).toEqual({ id: 5, params: { minimo: '1000.75' } });
    expect(min.value).toBe('1.000,75');

    // text that is no number stays and is named; the report does not run
    fireEvent.change(min, { target: { value: '1,5,3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Abrir reporte' }));
    await waitFor(() => expect(messageOf(min)).toBe('Ingrese un número'));
    expect(min.value).toBe('1,5,3');
    expect(runs).toHaveLength(1);
  });
});
