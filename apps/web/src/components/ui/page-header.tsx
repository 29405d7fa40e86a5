import type { ReactNode } from 'react';

/** A page's heading, a line under it and its actions (stacked on phones). */
export function PageHeader({
  title,
  description,
  meta,
  actions,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Badges beside the title. */
  meta?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h2 className="text-2xl font-semibold tracking-tight break-words text-gray-900 dark:text-white">{title}</h2>
          {meta}
        </div>
        {description ? <div className="mt-1 text-sm text-gray-500 dark:text-gray-400">{description}</div> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2 sm:justify-end">{actions}</div> : null}
    </div>
  );
}
