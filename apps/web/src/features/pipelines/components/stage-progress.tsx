import { Check } from 'lucide-react';
import {
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  stagePosition,
  type PipelineSummary,
} from '@recruitdesk/contracts/pipelines';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { useDateFormat } from '@/lib/time-zone';

const STAGE_TONES: Record<PipelineSummary['stage']['name'], BadgeTone> = {
  sourced: 'gray',
  internal_interview: 'sky',
  submit_pending: 'violet',
  submitted: 'brand',
  client_interview: 'amber',
  offer: 'amber',
  placed: 'green',
};

/** The stage as a badge, with 'Closed' beside it when the pipeline is closed. */
export function StageBadges({ pipeline }: { pipeline: Pick<PipelineSummary, 'stage' | 'state' | 'close_reason'> }) {
  return (
    <>
      <Badge tone={pipeline.state === 'closed' ? 'gray' : STAGE_TONES[pipeline.stage.name]}>
        {PIPELINE_STAGE_LABELS[pipeline.stage.name]}
      </Badge>
      {pipeline.state === 'closed' ? (
        <Badge tone="red">
          Closed
          {pipeline.close_reason ? ` · ${PIPELINE_CLOSE_REASON_LABELS[pipeline.close_reason]}` : ''}
        </Badge>
      ) : null}
    </>
  );
}

/** The seven stages in order: done, current (or where it closed), still to come. */
export function StageProgress({
  pipeline,
}: {
  pipeline: Pick<PipelineSummary, 'stage' | 'state' | 'close_reason' | 'close_note' | 'closed_at'>;
}) {
  const current = stagePosition(pipeline.stage.name);
  const closed = pipeline.state === 'closed';
  const format = useDateFormat();
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-600 sm:hidden dark:text-gray-400">
        Stage {current + 1} of {PIPELINE_STAGES.length}:{' '}
        <span className="font-medium text-gray-900 dark:text-white">{PIPELINE_STAGE_LABELS[pipeline.stage.name]}</span>
      </p>
      <ol aria-label="Stage progress" className="grid grid-cols-7 gap-1 sm:gap-2">
        {PIPELINE_STAGES.map((stage, index) => {
          const status = index < current ? 'done' : index === current ? 'current' : 'todo';
          return (
            <li key={stage} aria-current={status === 'current' ? 'step' : undefined} className="min-w-0">
              <div
                className={cn(
                  'h-2 rounded-full',
                  status === 'done' && (closed ? 'bg-gray-400 dark:bg-gray-600' : 'bg-brand-600 dark:bg-brand-500'),
                  status === 'current' &&
                    (closed
                      ? 'bg-red-400 dark:bg-red-500/70'
                      : stage === 'placed'
                        ? 'bg-emerald-500'
                        : 'bg-brand-600 ring-2 ring-brand-200 ring-offset-0 dark:bg-brand-400 dark:ring-brand-500/40'),
                  status === 'todo' && 'bg-gray-200 dark:bg-white/10',
                )}
              />
              <p
                aria-hidden="true"
                className={cn(
                  'mt-2 hidden items-start gap-1 text-xs leading-tight sm:flex',
                  status === 'current'
                    ? 'font-semibold text-gray-900 dark:text-white'
                    : 'text-gray-500 dark:text-gray-400',
                )}
              >
                {status === 'done' ? <Check aria-hidden="true" className="size-3 shrink-0" /> : null}
                <span className="min-w-0 break-words">{PIPELINE_STAGE_LABELS[stage]}</span>
              </p>
              <span className="sr-only">
                {`${PIPELINE_STAGE_LABELS[stage]}: ${
                  status === 'done'
                    ? 'done'
                    : status === 'current'
                      ? closed
                        ? 'closed here'
                        : 'current stage'
                      : 'not yet'
                }`}
              </span>
            </li>
          );
        })}
      </ol>
      {closed ? (
        <p className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 ring-1 ring-red-600/10 ring-inset dark:bg-red-500/10 dark:text-red-300 dark:ring-red-400/20">
          Closed in {PIPELINE_STAGE_LABELS[pipeline.stage.name]}
          {pipeline.close_reason ? ` · ${PIPELINE_CLOSE_REASON_LABELS[pipeline.close_reason]}` : ''}
          {pipeline.closed_at ? ` · ${format.date(pipeline.closed_at)}` : ''}
          {pipeline.close_note ? (
            <span className="mt-0.5 block text-red-700/80 dark:text-red-300/80">{pipeline.close_note}</span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
