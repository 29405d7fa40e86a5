import { CANDIDATE_STATUS_LABELS, type CandidateStatus } from '@recruitdesk/contracts/candidate-constants';
import { Badge, type BadgeTone } from './badge';

const STATUS_TONES: Record<CandidateStatus, BadgeTone> = {
  active: 'green',
  placed: 'brand',
  do_not_contact: 'red',
  archived: 'gray',
};

/** A candidate's status (shared by the candidate screens and the pipeline picker and board). */
export function CandidateStatusBadge({ status }: { status: CandidateStatus }) {
  return <Badge tone={STATUS_TONES[status]}>{CANDIDATE_STATUS_LABELS[status]}</Badge>;
}
