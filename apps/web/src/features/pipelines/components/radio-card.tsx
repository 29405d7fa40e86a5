import type { ReactNode } from 'react';
import { cn } from '@/components/ui/cn';

/** One choice in a list of bordered radio cards (pick a candidate, pick a role). */
export function RadioCard({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: number;
  checked: boolean;
  onChange: () => void;
  children: ReactNode;
}) {
  return (
    <label
      className={cn(
        'flex cursor-pointer items-start gap-3 rounded-lg px-3 py-2.5 ring-1 ring-gray-200 ring-inset dark:ring-white/10',
        'has-checked:bg-brand-50 has-checked:ring-brand-600 dark:has-checked:bg-brand-500/10 dark:has-checked:ring-brand-400',
        'has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600',
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className="mt-1 size-4 accent-brand-600"
      />
      {children}
    </label>
  );
}
