import type { ComponentType, ReactNode, SVGProps } from 'react';
import { SearchX } from 'lucide-react';
import { Button } from './button';
import { cn } from './cn';

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
}: {
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  title: string;
  description?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-10 text-center', className)}>
      {Icon ? (
        <div className="flex size-10 items-center justify-center rounded-full bg-gray-100 text-gray-500 dark:bg-white/5 dark:text-gray-400">
          <Icon aria-hidden="true" className="size-5" />
        </div>
      ) : null}
      <p className="mt-3 text-sm font-semibold text-gray-900 dark:text-white">{title}</p>
      {description ? <p className="mt-1 max-w-sm text-sm text-gray-500 dark:text-gray-400">{description}</p> : null}
      {action ? <div className="mt-4">{action}</div> : null}
    </div>
  );
}

/** Every list's answer when its search and filters match nothing: say so and offer to clear them. */
export function NoMatches({ what, onClear }: { what: string; onClear: () => void }) {
  return (
    <EmptyState
      icon={SearchX}
      title={`No ${what} match`}
      description="Try another search or clear the filters."
      action={
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      }
    />
  );
}
