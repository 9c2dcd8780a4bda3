import { cloneElement, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import i18next from '../../locales/i18n';
import type { ReportResult } from '../../engine/reports/query';
import { UiProvider } from '../../widgets/UiProvider';
import ReportChart, { type ChartSeries } from './ReportChart';
import { ReportResultView } from './ReportResultView';

// jsdom lays nothing out: the chart gets the width of a phone instead of measuring its box
vi.mock('recharts', async (original) => ({
  ...(await original<typeof import('recharts')>()),
  ResponsiveContainer: ({ children, height }: { children: ReactElement<{ width?: number; height?: number }>; height: number }) => cloneElement(children, { width: 375, height }),
}));

/** Invoices by month: how many, and the sum of their amounts (money). */
const byMonth: ReportResult = {
  entidad: 'factura',
  agrupar: 'created_at',
  intervalo: 'mes',
  grafico: 'ninguno',
  medidas: [
    { key: 'm0', funcion: 'count', campo: null },
    { key: 'm1', funcion: 'sum', campo: 'importe_total', dinero: true },
  ],
  rows: [
    { grupo: '2026-01-01', m0: '118580', m1: '2772412.5' },
    { grupo: '2026-02-01', m0: '7', m1: '1234.567' },
  ],
  totales: { m0: '118587', m1: '2773647.067' },
  truncado: false,
};

const table = (result: ReportResult) =>
  render(
    <UiProvider>
      <ReportResultView result={result} title="Facturas por mes" onExport={async () => {}} />
    </UiProvider>,
  );

const cells = () =>
  within(screen.getByRole('table', { name: 'Facturas por mes' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));

describe('ReportResultView', () => {
  it('writes figures and months as Spanish does: grouping, decimal comma, money with 2 decimals, the month by its name', () => {
    table(byMonth);
    expect(cells()).toEqual([
      ['enero 2026', '118.580', '2.772.412,50'],
      ['febrero 2026', '7', '1.234,57'],
      ['Total', '118.587', '2.773.647,07'],
    ]);
  });

  it('and as English does', async () => {
    await i18next.changeLanguage('en');
    table(byMonth);
    expect(cells()).toEqual([
      ['January 2026', '118,580', '2,772,412.50'],
      ['February 2026', '7', '1,234.57'],
      ['Total', '118,587', '2,773,647.07'],
    ]);
  });

  it('names each bucket by what it spans, the chart as the table: a week by its first day, a year by its number', async () => {
    const weekly = { ...byMonth, intervalo: 'semana' as const, grafico: 'barras' as const, rows: [{ grupo: '2026-11-02', m0: '3', m1: '10' }, { grupo: '2026-11-09', m0: '4', m1: '20' }] };
    const { container } = table(weekly);
    expect(cells().map((r) => r[0])).toEqual(['Semana del 02/11/2026', 'Semana del 09/11/2026', 'Total']);
    await waitFor(() => expect(ticks(container, 'bottom')).toEqual(['Semana del 02/11/2026', 'Semana del 09/11/2026']));
    cleanup();
    await i18next.changeLanguage('en');
    const yearly = table({ ...weekly, intervalo: 'anio', rows: [{ grupo: '2025-01-01', m0: '3', m1: '10' }, { grupo: '2026-01-01', m0: '4', m1: '20' }] });
    expect(cells().map((r) => r[0])).toEqual(['2025', '2026', 'Total']);
    await waitFor(() => expect(ticks(yearly.container, 'bottom')).toEqual(['2025', '2026']));
  });

  it('a measure that is no money is a plain number; a moment reads with its time', () => {
    table({
      ...byMonth,
      intervalo: null,
      medidas: [{ key: 'm0', funcion: 'avg', campo: 'doc_tipo' }],
      rows: [{ grupo: '2026-03-04T10:20:30.000Z', m0: '1234.5' }],
      totales: { m0: '1234.5' },
    });
    const [[moment, avg]] = cells();
    expect(avg).toBe('1.234,5');
    expect(moment).toMatch(/^0[34]\/03\/2026,? \d{2}:20:30$/);
  });

  it('fits a phone: its buttons wrap, a wide table scrolls in its own box', () => {
    table(byMonth);
    const print = screen.getByRole('button', { name: 'Imprimir' });
    expect(getComputedStyle(print.parentElement!).flexWrap).toBe('wrap');
    expect(within(print.parentElement!).getByRole('button', { name: 'Exportar CSV' })).toBeTruthy();
    expect(getComputedStyle(screen.getByRole('table', { name: 'Facturas por mes' }).parentElement!).overflowX).toBe('auto');
  });
});

const series: ChartSeries[] = [
  { key: 'm0', label: 'Cantidad', count: true },
  { key: 'm1', label: 'Suma de Total', money: true },
];
const data = [
  { name: 'ene 2026', m0: 120, m1: 2772412.5 },
  { name: 'feb 2026', m0: 80, m1: 800000 },
];

const chart = (s: ChartSeries[]) =>
  render(
    <UiProvider>
      <ReportChart kind="barras" data={data} series={s} />
    </UiProvider>,
  );
const ticks = (container: HTMLElement, side: string) =>
  // Intl writes a no-break space in 2,8 M
  [...container.querySelectorAll(`.recharts-cartesian-axis-tick-value[orientation="${side}"]`)].map((t) => t.textContent?.replace(/\s/g, ' '));
const barHeights = (container: HTMLElement, color: string) =>
  [...container.querySelectorAll(`.recharts-bar-rectangle path[fill="${color}"]`)].map((p) => Number(p.getAttribute('height')));

describe('ReportChart', () => {
  it('writes the axis as the language does, short when long (2,8 M, not a cut 800000)', async () => {
    const { container, unmount } = chart(series);
    expect(ticks(container, 'left')).toEqual(['0', '700 k', '1,4 M', '2,1 M', '2,8 M']);
    unmount();
    await i18next.changeLanguage('en');
    const english = chart(series);
    expect(ticks(english.container, 'left')).toEqual(['0', '700K', '1.4M', '2.1M', '2.8M']);
  });

  it('gives counts shown beside sums their own axis on the right, so their bars can be seen', () => {
    const { container } = chart(series);
    expect(ticks(container, 'right')).toEqual(['0', '30', '60', '90', '120']);
    const counts = barHeights(container, '#2b6cb0');
    expect(counts).toHaveLength(2);
    for (const h of counts) expect(h).toBeGreaterThan(50);
  });

  it('draws one axis when every series is a count', () => {
    const { container } = chart([series[0]]);
    expect(ticks(container, 'right')).toEqual([]);
    expect(ticks(container, 'left')).toEqual(['0', '30', '60', '90', '120']);
  });
});
