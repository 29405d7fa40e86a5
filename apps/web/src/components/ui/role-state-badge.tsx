import { ROLE_STATE_LABELS, type RoleState } from '@recruitdesk/contracts/role-constants';
import { Badge, type BadgeTone } from './badge';

const TONES: Record<RoleState, BadgeTone> = { open: 'green', on_hold: 'amber', closed: 'gray' };

/** A role's state (shared by the clients and roles screens). */
export function RoleStateBadge({ state }: { state: RoleState }) {
  return <Badge tone={TONES[state]}>{ROLE_STATE_LABELS[state]}</Badge>;
}
