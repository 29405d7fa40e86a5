import { Check } from 'lucide-react';
import { cn } from '@/components/ui/cn';

export const IMPORT_STEPS = ['upload', 'mapping', 'preview', 'progress', 'report'] as const;
export type ImportStep = (typeof IMPORT_STEPS)[number];

const STEP_LABELS: Record<ImportStep, string> = {
  upload: 'Upload',
  mapping: 'Mapping',
  preview: 'Preview',
  progress: 'Progress',
  report: 'Report',
};

/**
 * The flow's steps in order. A step the user may go back to (or on to) is a button, so Tab reaches it and
 * Enter opens it; the current step is marked `aria-current="step"`; the others are plain text.
 */
export function ImportStepper({
  current,
  reachable,
  onSelect,
}: {
  current: ImportStep;
  /** The steps the user may open from here (besides the current one). */
  reachable: readonly ImportStep[];
  onSelect: (step: ImportStep) => void;
}) {
  const currentIndex = IMPORT_STEPS.indexOf(current);
  return (
    <nav aria-label="Import steps">
      <ol className="flex flex-wrap items-center gap-x-1 gap-y-2 text-sm">
        {IMPORT_STEPS.map((step, index) => {
          const done = index < currentIndex;
          const isCurrent = step === current;
          const canOpen = !isCurrent && reachable.includes(step);
          const badge = (
            <span
              aria-hidden="true"
              className={cn(
                'flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ring-1 ring-inset',
                isCurrent && 'bg-brand-600 text-white ring-brand-600 dark:bg-brand-500 dark:ring-brand-500',
                done &&
                  !isCurrent &&
                  'bg-brand-50 text-brand-700 ring-brand-600/30 dark:bg-brand-500/10 dark:text-brand-300 dark:ring-brand-400/30',
                !done &&
                  !isCurrent &&
                  'bg-white text-gray-500 ring-gray-300 dark:bg-white/5 dark:text-gray-400 dark:ring-white/15',
              )}
            >
              {done ? <Check className="size-3.5" /> : index + 1}
            </span>
          );
          const text = (
            <span
              className={cn(
                // On a phone only the current step is named; the others show their number (named for screen readers).
                isCurrent
                  ? 'font-semibold text-gray-900 dark:text-white'
                  : 'sr-only text-gray-600 sm:not-sr-only dark:text-gray-400',
              )}
            >
              {STEP_LABELS[step]}
            </span>
          );
          return (
            <li key={step} className="flex items-center gap-1">
              {canOpen ? (
                <button
                  type="button"
                  onClick={() => onSelect(step)}
                  className="flex items-center gap-2 rounded-lg px-1.5 py-1 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5 dark:focus-visible:outline-brand-400"
                >
                  {badge}
                  {text}
                  <span className="sr-only">{done ? ' (done)' : ''}</span>
                </button>
              ) : (
                <span className="flex items-center gap-2 px-1.5 py-1" aria-current={isCurrent ? 'step' : undefined}>
                  {badge}
                  {text}
                  {done ? <span className="sr-only"> (done)</span> : null}
                </span>
              )}
              {index < IMPORT_STEPS.length - 1 ? (
                <span aria-hidden="true" className="h-px w-2 bg-gray-300 sm:mx-0.5 sm:w-6 dark:bg-white/15" />
              ) : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
