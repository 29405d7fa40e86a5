import { cn } from '@/components/ui/cn';

export interface TotalItem {
  label: string;
  value: number;
  tone: 'green' | 'sky' | 'gray' | 'red';
}

const TONES: Record<TotalItem['tone'], string> = {
  green: 'text-emerald-700 dark:text-emerald-300',
  sky: 'text-sky-700 dark:text-sky-300',
  gray: 'text-gray-900 dark:text-white',
  red: 'text-red-700 dark:text-red-300',
};

/** A row of labelled counts (a description list: each count named by its label). */
export function Totals({ items, label }: { items: TotalItem[]; label: string }) {
  return (
    <dl aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {items.map((item) => (
        <div
          key={item.label}
          className="rounded-lg bg-gray-50 px-4 py-3 ring-1 ring-gray-200 ring-inset dark:bg-white/[0.03] dark:ring-white/10"
        >
          <dt className="text-sm text-gray-600 dark:text-gray-400">{item.label}</dt>
          <dd className={cn('mt-1 text-2xl font-semibold tracking-tight tabular-nums', TONES[item.tone])}>
            {item.value.toLocaleString('en')}
          </dd>
        </div>
      ))}
    </dl>
  );
}
