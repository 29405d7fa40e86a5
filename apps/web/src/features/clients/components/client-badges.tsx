import { CLIENT_TYPE_LABELS, type ClientType } from '@recruitdesk/contracts/client-constants';
import type { ClientState } from '@recruitdesk/contracts/clients';
import { Badge, type BadgeTone } from '@/components/ui/badge';

const STATE_TONES: Record<ClientState, BadgeTone> = {
  Prospect: 'sky',
  Open: 'green',
  'On Hold': 'amber',
  Closed: 'gray',
};

export function ClientStateBadge({ state }: { state: ClientState }) {
  return <Badge tone={STATE_TONES[state]}>{state}</Badge>;
}

export function ClientTypeBadge({ type }: { type: ClientType }) {
  return <Badge tone={type === 'retainer' ? 'violet' : 'brand'}>{CLIENT_TYPE_LABELS[type]}</Badge>;
}
