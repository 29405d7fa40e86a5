/**
 * The performance chart over weeks (Recharts, in its own chunk, loaded after the figures): spend as bars,
 * applies and converted applications as lines. The same figures are in the table beside it.
 */
import type { PerformanceResponse } from '@recruitdesk/contracts/job-postings';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMinor, weekTick } from '../figures';

const axis = { tick: { fill: 'currentColor', fontSize: 12 }, stroke: 'currentColor', strokeOpacity: 0.3 } as const;

export function PerformanceChart({ data }: { data: PerformanceResponse }) {
  const points = data.weeks.map((week) => ({
    week: weekTick(week.week_start),
    spend: week.spend_minor / 100,
    applies: week.applies,
    qualified: week.qualified,
  }));
  const spent = formatMinor(data.total.spend_minor, data.currency);
  return (
    <figure className="text-gray-500 dark:text-gray-400">
      <figcaption className="sr-only">
        Spend, applies and converted applications per week: {spent} spent in total, {data.total.applies} applies,{' '}
        {data.total.qualified} converted.
      </figcaption>
      <div style={{ height: 260 }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
            <CartesianGrid strokeOpacity={0.15} vertical={false} />
            <XAxis dataKey="week" {...axis} />
            <YAxis
              yAxisId="money"
              {...axis}
              width={56}
              tickFormatter={(v: number) => formatMinor(v * 100, data.currency)}
            />
            <YAxis yAxisId="count" orientation="right" {...axis} width={36} allowDecimals={false} />
            <Tooltip
              contentStyle={{
                background: 'var(--color-gray-900)',
                border: 'none',
                borderRadius: 8,
                color: 'white',
                fontSize: 12,
              }}
              formatter={(value, name) =>
                name === 'Spend' ? formatMinor(Number(value) * 100, data.currency) : String(value)
              }
            />
            <Legend wrapperStyle={{ fontSize: 12 }} />
            <Bar yAxisId="money" dataKey="spend" name="Spend" fill="var(--color-brand-500)" radius={[4, 4, 0, 0]} />
            <Line
              yAxisId="count"
              dataKey="applies"
              name="Applies"
              stroke="var(--color-amber-500)"
              strokeWidth={2}
              dot={false}
            />
            <Line
              yAxisId="count"
              dataKey="qualified"
              name="Converted"
              stroke="var(--color-emerald-500)"
              strokeWidth={2}
              dot={false}
            />
          </ComposedChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

export default PerformanceChart;
