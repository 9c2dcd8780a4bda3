/**
 * The chart of a built-in report (bar, line or pie), drawn with recharts. Loaded only by screens that draw a
 * chart (React.lazy): recharts stays out of the login route and the app's first chunks. Figures read as the
 * user's language writes them, short on the axes (2,8 M); counts shown beside sums or averages get their own axis
 * on the right, or their bars would be too small to see beside amounts of millions.
 */
import { useTranslation } from 'react-i18next';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatFigure, formatShort } from '../../widgets/money';

export interface ChartSeries {
  key: string;
  label: string;
  /** A count of rows. */
  count?: boolean;
  /** An amount of money (2 decimals in the tooltip). */
  money?: boolean;
}

export interface ReportChartProps {
  kind: string;
  data: Record<string, string | number | null>[];
  series: ChartSeries[];
  height?: number;
}

const COLORS = ['#2b6cb0', '#dd6b20', '#38a169', '#805ad5', '#d53f8c', '#319795', '#d69e2e', '#e53e3e'];

/** The axis counts are drawn on when the chart also shows other measures. */
const COUNT_AXIS = 'count';

export default function ReportChart({ kind, data, series, height = 260 }: ReportChartProps) {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  const tick = (v: number) => formatShort(v, lang);
  const full = (value: unknown, key: unknown) =>
    typeof value === 'number' ? formatFigure(value, lang, series.some((s) => s.key === key && s.money)) : String(value ?? '');
  if (kind === 'torta') {
    const s = series[0];
    return (
      <ResponsiveContainer width="100%" height={height}>
        <PieChart>
          <Pie data={data} dataKey={s.key} nameKey="name" outerRadius="80%" label={({ value }) => (typeof value === 'number' ? tick(value) : '')} isAnimationActive={false}>
            {data.map((_, i) => (
              <Cell key={i} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip formatter={(value) => full(value, s.key)} />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    );
  }
  const Chart = kind === 'lineas' ? LineChart : BarChart;
  const countAxis = series.some((s) => s.count) && series.some((s) => !s.count);
  const axisOf = (s: ChartSeries) => (countAxis && s.count ? COUNT_AXIS : undefined);
  return (
    <ResponsiveContainer width="100%" height={height}>
      <Chart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis width="auto" tickFormatter={tick} />
        {countAxis && <YAxis yAxisId={COUNT_AXIS} orientation="right" width="auto" allowDecimals={false} tickFormatter={tick} />}
        <Tooltip formatter={(value, _name, item) => full(value, item.dataKey)} />
        {series.length > 1 && <Legend />}
        {series.map((s, i) =>
          kind === 'lineas' ? (
            <Line key={s.key} yAxisId={axisOf(s)} dataKey={s.key} name={s.label} stroke={COLORS[i % COLORS.length]} isAnimationActive={false} />
          ) : (
            <Bar key={s.key} yAxisId={axisOf(s)} dataKey={s.key} name={s.label} fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
