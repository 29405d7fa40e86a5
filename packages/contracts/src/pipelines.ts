/**
 * The pipelines contract, one public path (`@recruitdesk/contracts/pipelines`) over files of one job each:
 * the summary (stages, states, the card), the detail (events, interviews, submittals, placement), the
 * board (lists, headers, form data, export), adding a candidate, and the changing calls (actions).
 */
export * from './pipeline-summary';
export * from './pipeline-detail';
export * from './pipeline-board';
export * from './pipeline-create';
export * from './pipeline-actions';

/** Fixed refusal texts: every refused move says why. */
export const PIPELINE_ERRORS = {
  NOT_FOUND: 'Pipeline not found.',
  CONFLICT: 'Someone else changed this pipeline a moment ago. It now shows their change; check it and try again.',
  ALREADY_IN_ROLE: 'This candidate is already in this role’s pipeline.',
  ROLE_CLOSED: 'This role is closed. Reopen it to add candidates.',
  CLOSED: 'This pipeline is closed. Reopen it first.',
  NOT_CLOSED: 'Only a closed pipeline can be reopened.',
  PLACED: 'This candidate is already placed in this role; a placed pipeline cannot move.',
  PLACE_NEEDS_DETAILS: 'Record the placement with the salary and start date to move to Placed.',
  SAME_STAGE: 'The pipeline is already in that stage.',
  BOOK_INTERVIEW_STAGE: 'Internal interviews are booked from Sourced or Internal interview.',
  NO_PENDING_INTERVIEW: 'There is no pending internal interview to record an outcome for.',
  OUTCOME_STAGE: 'Record an internal interview outcome while the pipeline is in Internal interview.',
  SUBMIT_PENDING_STAGE: 'Only a pipeline in Sourced or Internal interview can become Submit pending.',
  SUBMITTAL_STAGE: 'This candidate has already been submitted to the client.',
  SUBMITTAL_OUTCOME_STAGE: 'Record a submittal outcome after the candidate has been submitted to the client.',
  INTERVIEWER_NOT_FOUND: 'Choose an interviewer from the list.',
  NO_PENDING_CLIENT_INTERVIEW: 'There is no pending client interview to record an outcome for.',
  INTERVIEW_NOT_HELD:
    'This interview is booked for later. Record how it went once it has taken place, or reschedule it.',
  PENDING_CLIENT_INTERVIEWS:
    'A client interview has no outcome yet. Record it, or say whether it went well or did not happen.',
  CANDIDATE_STATUS_CONFIRM: 'This candidate is marked do not contact or archived. Say why they are added anyway.',
} as const;
