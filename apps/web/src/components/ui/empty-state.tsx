import type { ComponentType, ReactNode, SVGProps } from 'react';
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
