import type { AnalyticsStagesResponse } from '@recruitdesk/contracts/analytics';
import { humanize } from '@/lib/format';
import { DEFINITIONS } from '../definitions';
import { percent } from '../money';
import { ChartSuspense, LazyCharts, Panel, PanelState } from './panel';

interface SetState {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
}

/** The funnel as a list of bars (each as wide as its share of the pipelines), with conversion and drop-outs. */
export function FunnelPanel({ data, ...state }: { data: AnalyticsStagesResponse | undefined } & SetState) {
  const stages = data?.stages ?? [];
  const base = Math.max(1, data?.pipelines ?? 0, ...stages.map((s) => s.reached));
  return (
    <Panel
      id="analytics-funnel"
      title="Funnel"
      help={DEFINITIONS.funnel}
      description={data ? `${data.pipelines.toLocaleString()} pipelines started in the period` : undefined}
    >
      <PanelState {...state} empty={!data?.pipelines} emptyTitle="No pipelines in this period" height={260}>
        <ol className="space-y-3 px-5 py-5">
          {stages.map((stage) => (
            <li key={stage.stage}>
              <div className="flex items-baseline justify-between gap-3 text-sm">
                <span className="font-medium text-gray-900 dark:text-white">{stage.label}</span>
                <span className="text-gray-500 tabular-nums dark:text-gray-400">
                  <span className="font-semibold text-gray-900 dark:text-white">{stage.reached.toLocaleString()}</span>
                  {stage.dropped ? ` · ${stage.dropped.toLocaleString()} dropped here` : ''}
                </span>
              </div>
              <div className="mt-1 h-2.5 rounded-full bg-gray-100 dark:bg-white/5" aria-hidden="true">
                <div
                  className="h-2.5 rounded-full bg-brand-500"
                  style={{ width: `${(stage.reached / base) * 100}%` }}
                />
              </div>
              {stage.conversion_to_next != null ? (
                <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
                  {percent(stage.conversion_to_next)} went on to the next stage
                  {stage.dropped_reasons[0]
                    ? ` · most dropped: ${humanize(stage.dropped_reasons[0].reason).toLowerCase()}`
                    : ''}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
      </PanelState>
    </Panel>
  );
}

export function TimeInStagePanel({ data, ...state }: { data: AnalyticsStagesResponse | undefined } & SetState) {
  const rows = (data?.stages ?? [])
    .filter((stage) => stage.median_days_in_stage != null || stage.p90_days_in_stage != null)
    .map((stage) => ({ stage: stage.label, median: stage.median_days_in_stage, p90: stage.p90_days_in_stage }));
  return (
    <Panel
      id="analytics-time-in-stage"
      title="Time in stage"
      help={DEFINITIONS.time_in_stage}
      description="Median and 90th percentile, in days"
    >
      <PanelState {...state} empty={rows.length === 0} emptyTitle="No finished stage stays in this period" height={260}>
        <div className="px-3 py-4">
          <ChartSuspense>
            <LazyCharts.TimeInStage data={rows} />
          </ChartSuspense>
        </div>
      </PanelState>
    </Panel>
  );
}
