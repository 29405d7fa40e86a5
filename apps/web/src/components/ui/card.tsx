import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'rounded-xl border border-gray-200 bg-white shadow-xs dark:border-white/10 dark:bg-gray-900',
        className,
      )}
      {...props}
    />
  );
}

export function CardHeader({
  title,
  description,
  action,
  titleId,
  as: Heading = 'h2',
}: {
  title: ReactNode;
  description?: ReactNode;
  action?: ReactNode;
  titleId?: string;
  as?: 'h2' | 'h3';
}) {
  return (
    <div className="flex items-start justify-between gap-4 border-b border-gray-200 px-5 py-4 dark:border-white/10">
      <div className="min-w-0">
        <Heading id={titleId} className="text-sm font-semibold text-gray-900 dark:text-white">
          {title}
        </Heading>
        {description ? <p className="mt-0.5 text-sm text-gray-500 dark:text-gray-400">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

/** A titled card section of a page (a region named by its title). */
export function SectionCard({
  id,
  title,
  description,
  action,
  children,
  flush = false,
  className,
}: {
  /** Names the heading `${id}-title`, which labels the region. */
  id: string;
  title: string;
  description?: ReactNode;
  /** A control beside the title (e.g. Edit or Add). */
  action?: ReactNode;
  children: ReactNode;
  /** Children fill the card edge to edge (lists); otherwise they get padding. */
  flush?: boolean;
  className?: string;
}) {
  return (
    <Card role="region" aria-labelledby={`${id}-title`} className={className}>
      <CardHeader titleId={`${id}-title`} title={title} description={description} action={action} />
      {flush ? children : <div className="px-5 py-5">{children}</div>}
    </Card>
  );
}
