/**
 * The page's Recharts charts, in their own chunk (loaded after the page's cards, decision 016). Each chart
 * is a figure named by its card, with a one-sentence summary for screen readers (the figures themselves
 * are also in the tables beside or below); colours come from the theme's CSS variables, text from
 * `currentColor`, so the dark theme needs no second palette.
 */
import type { ReactNode } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  ComposedChart,
  Legend,
  ResponsiveContainer,
  Scatter,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

const COLORS = {
  primary: 'var(--color-brand-500)',
  secondary: 'var(--color-emerald-500)',
  muted: 'var(--color-gray-400)',
  accent: 'var(--color-amber-500)',
};

const axis = { tick: { fill: 'currentColor', fontSize: 12 }, stroke: 'currentColor', strokeOpacity: 0.3 } as const;

function Frame({ summary, height = 260, children }: { summary: string; height?: number; children: ReactNode }) {
  return (
    <figure className="text-gray-500 dark:text-gray-400">
      <figcaption className="sr-only">{summary}</figcaption>
      <div style={{ height }} aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          {children as React.ReactElement}
        </ResponsiveContainer>
      </div>
    </figure>
  );
}

interface TooltipBoxProps {
  active?: boolean;
  payload?: readonly { dataKey?: unknown; name?: unknown; value?: unknown; color?: string | undefined }[];
  label?: unknown;
  format: (value: number) => string;
}

function TooltipBox({ active, payload, label, format }: TooltipBoxProps) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-lg border border-gray-200 bg-white px-3 py-2 text-xs shadow-md dark:border-white/10 dark:bg-gray-800">
      <p className="mb-1 font-medium text-gray-900 dark:text-white">{String(label ?? '')}</p>
      {payload.map((item) => (
        <p key={String(item.dataKey)} className="flex items-center gap-2 text-gray-600 dark:text-gray-300">
          <span className="size-2 rounded-full" style={{ background: item.color }} aria-hidden="true" />
          {String(item.name)}:{' '}
          {Array.isArray(item.value)
            ? item.value.map((v) => format(Number(v))).join(' – ')
            : format(Number(item.value))}
        </p>
      ))}
    </div>
  );
}

export interface StageTime {
  stage: string;
  median: number | null;
  p90: number | null;
}

export function TimeInStageChart({ data }: { data: StageTime[] }) {
  const days = (v: number) => `${Math.round(v * 10) / 10} days`;
  const summary = `Days in each stage, median and 90th percentile: ${data
    .map((row) => `${row.stage} ${row.median ?? 'unknown'} and ${row.p90 ?? 'unknown'}`)
    .join('; ')}.`;
  return (
    <Frame summary={summary}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.12} />
        <XAxis dataKey="stage" {...axis} interval={0} angle={-20} textAnchor="end" height={50} />
        <YAxis {...axis} width={40} allowDecimals={false} />
        <Tooltip
          content={(props) => <TooltipBox {...props} format={days} />}
          cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="median" name="Median days" fill={COLORS.primary} radius={[4, 4, 0, 0]} />
        <Bar dataKey="p90" name="90th percentile" fill={COLORS.muted} radius={[4, 4, 0, 0]} />
      </BarChart>
    </Frame>
  );
}

export interface MonthRevenue {
  month: string;
  label: string;
  booked: number;
  collected: number;
}

export function RevenueChart({
  data,
  money,
  compactMoney,
}: {
  data: MonthRevenue[];
  money: (v: number) => string;
  compactMoney: (v: number) => string;
}) {
  const booked = data.reduce((sum, row) => sum + row.booked, 0);
  const collected = data.reduce((sum, row) => sum + row.collected, 0);
  const summary = `Revenue by month over ${data.length} months: ${money(booked)} booked and ${money(collected)} collected in all.`;
  return (
    <Frame summary={summary}>
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 8 }}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.12} />
        <XAxis dataKey="label" {...axis} />
        <YAxis {...axis} width={56} tickFormatter={compactMoney} />
        <Tooltip
          content={(props) => <TooltipBox {...props} format={money} />}
          cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="booked" name="Booked (invoiced)" fill={COLORS.primary} radius={[4, 4, 0, 0]} />
        <Bar dataKey="collected" name="Collected (paid)" fill={COLORS.secondary} radius={[4, 4, 0, 0]} />
      </BarChart>
    </Frame>
  );
}

export interface WageRange {
  label: string;
  range: [number, number] | null;
  placed: number | null;
}

/** Each placement's posted salary range as a floating bar, the placed salary as a dot. */
export function WageRangeChart({
  data,
  money,
  compactMoney,
}: {
  data: WageRange[];
  money: (v: number) => string;
  compactMoney: (v: number) => string;
}) {
  const outside = data.filter(
    (row) => row.range && row.placed != null && (row.placed < row.range[0] || row.placed > row.range[1]),
  ).length;
  const summary = `${data.length} placements: posted salary range and placed salary; ${outside} placed outside the posted range.`;
  return (
    <Frame summary={summary} height={Math.max(220, data.length * 40 + 70)}>
      <ComposedChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid horizontal={false} stroke="currentColor" strokeOpacity={0.12} />
        <XAxis type="number" {...axis} tickFormatter={compactMoney} domain={['auto', 'auto']} />
        <YAxis
          type="category"
          dataKey="label"
          {...axis}
          width={170}
          tickFormatter={(v: string) => (v.length > 26 ? `${v.slice(0, 25)}…` : v)}
        />
        <Tooltip
          content={(props) => <TooltipBox {...props} format={money} />}
          cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="range" name="Posted range" fill={COLORS.primary} fillOpacity={0.35} barSize={14} radius={4} />
        <Scatter dataKey="placed" name="Placed salary" fill={COLORS.accent} />
      </ComposedChart>
    </Frame>
  );
}

export interface OptimalBand {
  label: string;
  rate: number;
  offers: number;
  best: boolean;
}

/** Acceptance rate per salary band; the band accepted most often stands out. */
export function OptimalBandsChart({ title, bands }: { title: string; bands: OptimalBand[] }) {
  const best = bands.find((band) => band.best);
  const summary = `${title}: acceptance rate per salary band${best ? `; the best is ${best.label} at ${Math.round(best.rate * 100)}% of ${best.offers} offers` : ''}.`;
  const percent = (v: number) => `${Math.round(v * 100)}%`;
  return (
    <Frame summary={summary} height={180}>
      <BarChart data={bands} margin={{ top: 8, right: 8, bottom: 8, left: 0 }}>
        <CartesianGrid vertical={false} stroke="currentColor" strokeOpacity={0.12} />
        <XAxis dataKey="label" {...axis} interval={0} fontSize={11} />
        <YAxis {...axis} width={40} domain={[0, 1]} tickFormatter={percent} />
        <Tooltip
          content={(props) => <TooltipBox {...props} format={percent} />}
          cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
        />
        <Bar dataKey="rate" name="Accepted" radius={[4, 4, 0, 0]}>
          {bands.map((band) => (
            <Cell key={band.label} fill={band.best ? COLORS.secondary : COLORS.muted} />
          ))}
        </Bar>
      </BarChart>
    </Frame>
  );
}

export interface RetainerStep {
  label: string;
  invoiced: number | null;
  paid: number | null;
}

/**
 * Median days from signing to each instalment being invoiced and paid, one row per client: the chart grows
 * with its clients so their names never overlap, and long names are cut with the full one in the tooltip.
 */
export function RetainerTimelineChart({ data }: { data: RetainerStep[] }) {
  const days = (v: number) => `${Math.round(v)} days`;
  const summary = `Median days from signing: ${data
    .map(
      (row) =>
        `${row.label} invoiced after ${row.invoiced ?? 'unknown'}, paid after ${row.paid ?? 'unknown'} (paid instalments)`,
    )
    .join('; ')}.`;
  return (
    <Frame summary={summary} height={Math.max(220, data.length * 44 + 70)}>
      <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, bottom: 8, left: 8 }}>
        <CartesianGrid horizontal={false} stroke="currentColor" strokeOpacity={0.12} />
        <XAxis type="number" {...axis} allowDecimals={false} />
        <YAxis
          type="category"
          dataKey="label"
          {...axis}
          width={150}
          interval={0}
          tickFormatter={(v: string) => (v.length > 22 ? `${v.slice(0, 21)}…` : v)}
        />
        <Tooltip
          content={(props) => <TooltipBox {...props} format={days} />}
          cursor={{ fill: 'currentColor', fillOpacity: 0.06 }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} />
        <Bar dataKey="invoiced" name="Days to invoiced" fill={COLORS.primary} barSize={10} radius={[0, 4, 4, 0]} />
        <Bar
          dataKey="paid"
          name="Days to paid (paid instalments)"
          fill={COLORS.secondary}
          barSize={10}
          radius={[0, 4, 4, 0]}
        />
      </BarChart>
    </Frame>
  );
}
