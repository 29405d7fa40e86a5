import { Link } from 'react-router';
import type { Role } from '@recruitdesk/contracts/roles';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { paths } from '@/config/paths';
import { humanize } from '@/lib/format';

const PRIORITY_TONES: Record<Role['priority'], BadgeTone> = {
  low: 'gray',
  medium: 'sky',
  high: 'amber',
  urgent: 'red',
};

export function PriorityBadge({ priority }: { priority: Role['priority'] }) {
  return <Badge tone={PRIORITY_TONES[priority]}>{humanize(priority)}</Badge>;
}

/**
 * The count of a role's new (undecided) applications, linking to the role page's Applications card;
 * nothing when there are none. Its accessible name says what the number counts and for which role.
 */
export function NewApplicationsBadge({
  role,
  className = 'ml-2',
}: {
  role: Pick<Role, 'id' | 'name' | 'new_applications_count'>;
  /** Its spacing: after a name in a table cell by default; none where a flex row spaces it (the board's header). */
  className?: string;
}) {
  const count = role.new_applications_count;
  if (count <= 0) return null;
  const label = `${count} new ${count === 1 ? 'application' : 'applications'} to ${role.name}`;
  return (
    <Link
      to={`${paths.app.role.getHref(role.id)}#applications`}
      aria-label={label}
      title={label}
      className={cn(
        className,
        'inline-flex rounded-md align-middle hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
      )}
    >
      <Badge tone="brand" className="tabular-nums">
        {count} new
      </Badge>
    </Link>
  );
}
