import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { ImportStatus } from '../types';

const STATUS: Record<ImportStatus, { label: string; tone: BadgeTone }> = {
  uploaded: { label: 'Not started', tone: 'amber' },
  queued: { label: 'Queued', tone: 'violet' },
  running: { label: 'Running', tone: 'brand' },
  succeeded: { label: 'Done', tone: 'green' },
  failed: { label: 'Failed', tone: 'red' },
  undoing: { label: 'Undoing', tone: 'violet' },
  undone: { label: 'Undone', tone: 'gray' },
};

export function ImportStatusBadge({ status }: { status: ImportStatus }) {
  const known = STATUS[status] ?? { label: status, tone: 'gray' as const };
  return <Badge tone={known.tone}>{known.label}</Badge>;
}
