/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

/** Active = open or on hold; closed roles can be reopened. */
export const ROLE_STATES = ['open', 'on_hold', 'closed'] as const;
export type RoleState = (typeof ROLE_STATES)[number];
export const ROLE_STATE_LABELS: Record<RoleState, string> = { open: 'Open', on_hold: 'On hold', closed: 'Closed' };

export const ROLE_CLOSE_REASONS = [
  'filled',
  'filled_by_client',
  'cancelled_by_client',
  'lost_to_competitor',
  'on_hold_indefinitely',
  'other',
] as const;
export const ROLE_CLOSE_REASON_LABELS: Record<(typeof ROLE_CLOSE_REASONS)[number], string> = {
  filled: 'Filled by us',
  filled_by_client: 'Filled by the client',
  cancelled_by_client: 'Cancelled by the client',
  lost_to_competitor: 'Lost to another agency',
  on_hold_indefinitely: 'On hold indefinitely',
  other: 'Other',
};

export const ROLE_ORDERINGS = [
  'name',
  '-name',
  'opened_at',
  '-opened_at',
  'closed_at',
  '-closed_at',
  'priority',
  '-priority',
  'client',
  '-client',
] as const;

/** Job description: text edited in place, or a PDF/DOCX/TXT file up to 10 MB. */
export const JOB_DESCRIPTION_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'text/plain',
] as const;
export const JOB_DESCRIPTION_MAX_BYTES = 10 * 1024 * 1024;
