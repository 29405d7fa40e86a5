import { CALENDAR_KIND_LABELS, type CalendarKind } from '@recruitdesk/contracts/calendar';
import { Check } from 'lucide-react';
import { Checkbox } from '@/components/ui/checkbox';
import { cn } from '@/components/ui/cn';
import { KIND_COLORS } from '../calendar-events';

/** The legend, which is also the filter by kind: one toggle per kind in its colour; and "only mine". */
export function CalendarFilters({
  kinds,
  shown,
  onToggle,
  mine,
  onMineChange,
}: {
  kinds: readonly CalendarKind[];
  shown: ReadonlySet<CalendarKind>;
  onToggle: (kind: CalendarKind) => void;
  mine: boolean;
  onMineChange: (mine: boolean) => void;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
      <ul role="list" aria-label="Event kinds (legend and filter)" className="flex flex-wrap gap-2">
        {kinds.map((kind) => {
          const on = shown.has(kind);
          return (
            <li key={kind}>
              <button
                type="button"
                aria-pressed={on}
                onClick={() => onToggle(kind)}
                className={cn(
                  'inline-flex h-8 items-center gap-2 rounded-full px-3 text-xs font-medium ring-1 ring-inset transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                  on
                    ? 'bg-white text-gray-900 ring-gray-300 dark:bg-white/10 dark:text-white dark:ring-white/15'
                    : 'bg-transparent text-gray-400 ring-gray-200 line-through dark:text-gray-500 dark:ring-white/5',
                )}
              >
                <span
                  aria-hidden="true"
                  className={cn('flex size-3.5 items-center justify-center rounded-full', on ? '' : 'opacity-40')}
                  style={{ backgroundColor: KIND_COLORS[kind] }}
                >
                  {on ? <Check className="size-2.5 text-white" strokeWidth={3} /> : null}
                </span>
                {CALENDAR_KIND_LABELS[kind]}
              </button>
            </li>
          );
        })}
      </ul>
      <Checkbox
        label="Only mine"
        checked={mine}
        onChange={(event) => onMineChange(event.target.checked)}
        className="shrink-0 sm:pt-1.5"
      />
    </div>
  );
}
