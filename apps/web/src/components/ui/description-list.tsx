import type { ReactNode } from 'react';
import { cn } from './cn';

export interface DescriptionItem {
  label: string;
  value: ReactNode;
}

/** Label/value rows; empty values read '—'. */
export function DescriptionList({ items, className }: { items: DescriptionItem[]; className?: string }) {
  return (
    <dl className={cn('divide-y divide-gray-100 dark:divide-white/5', className)}>
      {items.map(({ label, value }) => (
        <div key={label} className="grid grid-cols-3 gap-3 px-5 py-3 text-sm">
          <dt className="text-gray-500 dark:text-gray-400">{label}</dt>
          <dd className="col-span-2 min-w-0 font-medium break-words text-gray-900 dark:text-gray-100">
            {value === '' || value === null || value === undefined ? (
              <span className="font-normal text-gray-400 dark:text-gray-500">—</span>
            ) : (
              value
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
