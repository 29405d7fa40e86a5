import type { Role } from '@recruitdesk/contracts/roles';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { humanize } from '@/lib/format';

const PRIORITY_TONES: Record<Role['priority'], BadgeTone> = { low: 'gray', medium: 'sky', high: 'amber', urgent: 'red' };

export function PriorityBadge({ priority }: { priority: Role['priority'] }) {
  return <Badge tone={PRIORITY_TONES[priority]}>{humanize(priority)}</Badge>;
}
