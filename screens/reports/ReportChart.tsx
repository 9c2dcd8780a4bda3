/**
 * The chart of a built-in report (bar, line or pie), drawn with recharts. Loaded only by screens that draw a
 * chart (React.lazy): recharts stays out of the login route and the app's first chunks.
 */
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface ChartSeries {
  key: string;
  label: string;
}

export interface ReportChartProps {
  kind: string;
  data: Record<string, string | number | null>[];
  series: ChartSeries[];
  height?: number;
}

const COLORS = ['#2b6cb0', '#dd6b20', '#38a169', '#805ad5', '#d53f8c', '#319795', '#d69e2e', '#e53e3e'];

export default function ReportChart({ kind, data, series, height = 260 }: ReportChartProps) {
  if (kind === 'torta') {
    const s = series[0];
    return (
      <ResponsiveContainer width="100%" height={height}>
        <PieChart>
          <Pie data={data} dataKey={s.key} nameKey="name" outerRadius="80%" label isAnimationActive={false}>
            {data.map((_, i) => (
              <Cell key={i} fill={COLORS[i % COLORS.length]} />
            ))}
          </Pie>
          <Tooltip />
          <Legend />
        </PieChart>
      </ResponsiveContainer>
    );
  }
  const Chart = kind === 'lineas' ? LineChart : BarChart;
  return (
    <ResponsiveContainer width="100%" height={height}>
      <Chart data={data}>
        <CartesianGrid strokeDasharray="3 3" />
        <XAxis dataKey="name" />
        <YAxis />
        <Tooltip />
        {series.length > 1 && <Legend />}
        {series.map((s, i) =>
          kind === 'lineas' ? (
            <Line key={s.key} dataKey={s.key} name={s.label} stroke={COLORS[i % COLORS.length]} isAnimationActive={false} />
          ) : (
            <Bar key={s.key} dataKey={s.key} name={s.label} fill={COLORS[i % COLORS.length]} isAnimationActive={false} />
          ),
        )}
      </Chart>
    </ResponsiveContainer>
  );
}
