import { APPLICATION_STATUS_LABELS, type ApplicationStatus } from '@recruitdesk/contracts/application-constants';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const TONES: Record<ApplicationStatus, BadgeTone> = { new: 'brand', rejected: 'gray', converted: 'green' };

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return <Badge tone={TONES[status]}>{APPLICATION_STATUS_LABELS[status]}</Badge>;
}
