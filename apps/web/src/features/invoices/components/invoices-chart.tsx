/**
 * Invoiced vs collected by month (12 months), Recharts 3. Loaded lazily (InvoicesChartLazy) so Recharts
 * stays in this screen's own chunk. Bars are drawn from whole currency units (integers from the decimal
 * strings: the chart needs numbers, the figures shown in tooltips are the exact strings).
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact, formatCurrency, wholeUnitsOf } from '../money';
import type { InvoiceStatistics } from '@recruitdesk/contracts/invoices';
import { monthLabel } from './month-label';

export default function InvoicesChart({ stats }: { stats: InvoiceStatistics }) {
  const data = stats.by_month.map((row) => ({
    month: monthLabel(row.month),
    invoiced: wholeUnitsOf(row.invoiced),
    collected: wholeUnitsOf(row.collected),
    invoicedText: formatCurrency(row.invoiced, stats.currency),
    collectedText: formatCurrency(row.collected, stats.currency),
  }));
  return (
    <div className="h-64 w-full text-xs">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-gray-200 dark:stroke-white/10" vertical={false} />
          <XAxis dataKey="month" tickLine={false} axisLine={false} tick={{ fill: 'currentColor' }} />
          <YAxis
            tickLine={false}
            axisLine={false}
            width={56}
            tick={{ fill: 'currentColor' }}
            tickFormatter={(value: number) => formatCompact(`${value}.00`, stats.currency)}
          />
          <Tooltip
            cursor={{ fillOpacity: 0.08 }}
            contentStyle={{ borderRadius: 8, fontSize: 12 }}
            formatter={(_value, name, item) => {
              const row = item.payload as (typeof data)[number];
              return [name === 'Invoiced' ? row.invoicedText : row.collectedText, name];
            }}
          />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="invoiced" name="Invoiced" fill="#6366f1" radius={[3, 3, 0, 0]} />
          <Bar dataKey="collected" name="Collected" fill="#10b981" radius={[3, 3, 0, 0]} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
