import { useId } from 'react';

/** A labelled progress bar (role="progressbar"); `fraction` null is indeterminate. */
export function ImportProgressBar({
  label,
  fraction,
  detail,
}: {
  label: string;
  fraction: number | null;
  detail?: string;
}) {
  const id = useId();
  const percent = fraction === null ? null : Math.max(0, Math.min(100, Math.round(fraction * 100)));
  return (
    <div className="space-y-1.5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
        <span id={`${id}-label`} className="font-medium text-gray-900 dark:text-gray-100">
          {label}
        </span>
        {detail ? <span className="text-gray-600 tabular-nums dark:text-gray-400">{detail}</span> : null}
      </div>
      <div
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent ?? undefined}
        aria-valuetext={detail}
        className="h-2.5 overflow-hidden rounded-full bg-gray-200 dark:bg-white/10"
      >
        <div
          className={
            percent === null
              ? 'h-full w-1/3 animate-pulse rounded-full bg-brand-600 dark:bg-brand-400'
              : 'h-full rounded-full bg-brand-600 transition-[width] duration-500 dark:bg-brand-400'
          }
          style={percent === null ? undefined : { width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
