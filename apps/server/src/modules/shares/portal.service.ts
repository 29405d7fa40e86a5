import {
  PORTAL_INTERVIEW_OUTCOME_LABELS,
  PORTAL_REJECTION_REASON_LABELS,
  type PortalRejectionReason,
} from '@recruitdesk/contracts/shares';
import { PIPELINE_STAGE_LABELS, type PipelineStageName } from '@recruitdesk/contracts/pipelines';
import { formatMoney, toMinor } from '@recruitdesk/money';
import { inTransaction } from '../../db/transaction';
import { sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import type { Limit } from '../../lib/throttle';
import { recordActivity } from '../activity/activity.service';
import { redactContactDetails } from '../campaigns/submittal-email.service';
import {
  commentByContact,
  contactActorLabel,
  recordInterviewOutcomeByContact,
  rejectByContact,
  requestClientInterviewByContact,
  type ContactActor,
  type ContactInterviewOutcome,
} from '../pipelines/client-decisions.service';
import { getAgencySettings } from '../settings/settings.service';
import { renderResumePdf } from './resume-pdf';
import { notifyRecruiters } from './shares-notify';
import {
  findCandidateResumeText,
  findShareByTokenHash,
  findShareContext,
  insertPortalEvent,
  listInterviewsAwaitingOutcome,
  listPortalCandidateRows,
  updateShareCandidateRow,
  updateShareRow,
  type PortalCandidateRow,
} from './shares.repository';
import type { PortalShareRow } from './shares.table';

// The contact's side (issue 35): a link's token decides everything. A wrong, expired or revoked token and a
// candidate not on this share are all the same 404 (decision 122); every request counts against the token
// and the IP first (lib/throttle: reserve, then verify).

/** Requests per 10 minutes: per link, and per IP (an office behind one address opens several links). */
export const PORTAL_LIMITS = { perToken: 120, perIp: 300, windowSeconds: 600 } as const;
export const portalLimits = (tokenHash: string, ip: string): Limit[] => [
  {
    key: `portal:token:${tokenHash.slice(0, 32)}`,
    max: PORTAL_LIMITS.perToken,
    windowSeconds: PORTAL_LIMITS.windowSeconds,
  },
  { key: `portal:ip:${ip}`, max: PORTAL_LIMITS.perIp, windowSeconds: PORTAL_LIMITS.windowSeconds },
];

export const portalNotFound = () => new AppError('NOT_FOUND', 404, 'Not found.');

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,200}$/;
const OPEN_EVENT_GAP_MS = 30 * 60 * 1000;

export interface PortalSession {
  share: PortalShareRow;
  role: { id: number; name: string; recruiterId: number | null; clientId: number };
  clientName: string;
  contact: { id: number; firstName: string; lastName: string; email: string };
  by: ContactActor;
}

/** Counts the request, then finds the live share of the token; 429 over a limit, 404 for anything not live. */
export async function openPortal(deps: Deps, token: string, ip: string): Promise<PortalSession> {
  const tokenHash = sha256(token);
  const wait = await deps.throttle.reserve(portalLimits(tokenHash, ip));
  if (wait !== null)
    throw new AppError('RATE_LIMITED', 429, 'Too many requests. Try again in a few minutes.', {
      headers: { 'retry-after': String(wait) },
    });
  if (!TOKEN_SHAPE.test(token)) throw portalNotFound();
  const share = await findShareByTokenHash(deps.db, tokenHash);
  if (!share || share.revokedAt || share.expiresAt.getTime() <= deps.config.now().getTime()) throw portalNotFound();
  const context = await findShareContext(deps.db, share);
  if (!context) throw portalNotFound();
  const name = `${context.contact.firstName} ${context.contact.lastName}`.trim() || context.contact.email;
  return { share, ...context, by: { contactId: context.contact.id, name } };
}

/** One shared candidate of this share, or 404 (another candidate's id, another role's). */
async function sharedCandidate(deps: Deps, session: PortalSession, candidateId: number): Promise<PortalCandidateRow> {
  const [row] = await listPortalCandidateRows(deps.db, session.share.id, candidateId);
  if (!row) throw portalNotFound();
  return row;
}

// ---- What the page shows ----

export interface PortalCandidateView {
  id: number;
  name: string;
  title: string;
  experience: string;
  skills: string[];
  salary: string;
  contactDetails: string[];
  pitch: string;
  stage: string;
  decision: 'approved' | 'rejected' | null;
  decisionDetail: string;
  hasResume: boolean;
  /** Client interviews held without an outcome: the page asks how they went. */
  interviewsAwaitingOutcome: { id: number; scheduledAt: Date }[];
  open: boolean;
}

export interface PortalView {
  agencyName: string;
  roleName: string;
  clientName: string;
  contactName: string;
  expiresAt: Date;
  candidates: PortalCandidateView[];
}

/** The stage as the client may read it: the agency's steps before the submittal are one "Shortlisted". */
function clientStage(row: PortalCandidateRow): string {
  if (row.pipeline.state === 'closed')
    return row.pipeline.closeReason === 'rejected_by_client'
      ? 'Not going ahead (your decision)'
      : 'No longer available';
  const stage = row.pipeline.stage as PipelineStageName;
  if (stage === 'sourced' || stage === 'internal_interview' || stage === 'submit_pending') return 'Shortlisted';
  return PIPELINE_STAGE_LABELS[stage] ?? 'Shortlisted';
}

function candidateView(
  row: PortalCandidateRow,
  share: PortalShareRow,
  interviews: { id: number; pipelineId: number; scheduledAt: Date }[],
): PortalCandidateView {
  const c = row.candidate;
  const salary =
    share.showSalary && c.desiredSalary !== null
      ? formatMoney(toMinor(c.desiredSalary), c.desiredSalaryCurrency, { omitZeroCents: true })
      : '';
  return {
    id: c.id,
    name: `${c.firstName} ${c.lastName}`.trim() || 'Candidate',
    title: c.currentTitle,
    experience: c.yearsExperience === null ? '' : `${c.yearsExperience} year${c.yearsExperience === 1 ? '' : 's'}`,
    skills: c.skills.slice(0, 12),
    salary,
    contactDetails: share.removeContactDetails
      ? []
      : [c.email, c.phone, c.linkedinUrl, c.githubUrl, c.portfolioUrl].filter(Boolean),
    pitch: row.item.pitch,
    stage: clientStage(row),
    decision: (row.item.decision as 'approved' | 'rejected' | null) ?? null,
    decisionDetail: row.item.decisionDetail,
    hasResume: c.resumeHasText,
    interviewsAwaitingOutcome: interviews
      .filter((interview) => interview.pipelineId === row.pipeline.id)
      .map(({ id, scheduledAt }) => ({ id, scheduledAt })),
    open: row.pipeline.state === 'open' && row.pipeline.stage !== 'placed',
  };
}

async function portalView(deps: Deps, session: PortalSession, rows: PortalCandidateRow[]): Promise<PortalView> {
  const now = deps.config.now();
  const interviews = await listInterviewsAwaitingOutcome(
    deps.db,
    rows.map((row) => row.pipeline.id),
    now,
  );
  const settings = await getAgencySettings(deps.db);
  return {
    agencyName: settings.agency_name,
    roleName: session.role.name,
    clientName: session.clientName,
    contactName: session.by.name,
    expiresAt: session.share.expiresAt,
    candidates: rows.map((row) => candidateView(row, session.share, interviews)),
  };
}

/** GET /portal/{token}: the list; records the opening (first and last; one history line per half hour). */
export async function viewShortlist(deps: Deps, session: PortalSession): Promise<PortalView> {
  const now = deps.config.now();
  const { share } = session;
  const quiet = share.lastOpenedAt && now.getTime() - share.lastOpenedAt.getTime() < OPEN_EVENT_GAP_MS;
  await updateShareRow(deps.db, share.id, { openedAt: share.openedAt ?? now, lastOpenedAt: now });
  if (!quiet) await insertPortalEvent(deps.db, { shareId: share.id, action: 'opened', createdAt: now });
  return portalView(deps, session, await listPortalCandidateRows(deps.db, share.id));
}

async function markViewed(deps: Deps, session: PortalSession, row: PortalCandidateRow, now: Date) {
  const quiet = row.item.lastViewedAt && now.getTime() - row.item.lastViewedAt.getTime() < OPEN_EVENT_GAP_MS;
  await updateShareCandidateRow(deps.db, row.item.id, {
    firstViewedAt: row.item.firstViewedAt ?? now,
    lastViewedAt: now,
  });
  if (!quiet)
    await insertPortalEvent(deps.db, {
      shareId: session.share.id,
      pipelineId: row.pipeline.id,
      action: 'viewed',
      createdAt: now,
    });
}

/** GET /portal/{token}/candidates/{id}: one candidate; records the view (first and last). */
export async function viewCandidate(
  deps: Deps,
  session: PortalSession,
  candidateId: number,
): Promise<{ view: PortalView; candidate: PortalCandidateView }> {
  const row = await sharedCandidate(deps, session, candidateId);
  const now = deps.config.now();
  await markViewed(deps, session, row, now);
  const view = await portalView(deps, session, [row]);
  return { view, candidate: view.candidates[0]! };
}

/**
 * GET /portal/{token}/candidates/{id}/resume.pdf: the resume's text (without contact details unless the share
 * keeps them) as a PDF; the audit log names the contact.
 */
export async function downloadResume(
  deps: Deps,
  session: PortalSession,
  candidateId: number,
): Promise<{ pdf: Buffer; filename: string }> {
  const row = await sharedCandidate(deps, session, candidateId);
  const c = row.candidate;
  const text = await findCandidateResumeText(deps.db, c.id);
  if (!c.resumeHasText || !text.trim()) throw portalNotFound();
  const name = `${c.firstName} ${c.lastName}`.trim() || 'Candidate';
  const body = session.share.removeContactDetails
    ? redactContactDetails(text, [c.email, c.phone, c.linkedinUrl, c.githubUrl, c.portfolioUrl])
    : text;
  const pdf = await renderResumePdf({
    title: `${name} — resume`,
    subtitle: session.share.removeContactDetails ? 'Contact details removed' : '',
    footer: `Shared by ${(await getAgencySettings(deps.db)).agency_name} with ${session.by.name} for ${session.role.name}`,
    text: body,
  });
  const now = deps.config.now();
  await markViewed(deps, session, row, now);
  await insertPortalEvent(deps.db, {
    shareId: session.share.id,
    pipelineId: row.pipeline.id,
    action: 'resume_downloaded',
    createdAt: now,
  });
  await recordActivity(deps.db, {
    actor: null,
    actorLabel: contactActorLabel(session.by),
    verb: 'portal_resume_downloaded',
    modelType: 'candidate',
    objectId: c.id,
    summary: `${session.by.name} (${session.clientName}) downloaded ${name}'s resume from the shortlist for ${session.role.name}`,
    scope: { clientId: session.role.clientId, roleId: session.role.id, candidateId: c.id },
  });
  return { pdf, filename: `${name.replace(/[^\p{L}\p{N} .-]/gu, '')} - resume.pdf` };
}

// ---- What the contact does ----

const pipelineLink = (session: PortalSession, pipelineId: number) =>
  `/roles/${session.role.id}/pipelines/${pipelineId}`;

async function afterAction(
  deps: Deps,
  session: PortalSession,
  row: PortalCandidateRow | null,
  action: string,
  detail: string,
  notice: { kind: string; title: string; body: string },
) {
  const now = deps.config.now();
  await inTransaction(deps.db, async (tx) => {
    await insertPortalEvent(tx, {
      shareId: session.share.id,
      pipelineId: row?.pipeline.id ?? null,
      action,
      detail,
      createdAt: now,
    });
    await notifyRecruiters(deps, tx, {
      userIds: [session.share.createdById, session.role.recruiterId],
      ...notice,
      link: row ? pipelineLink(session, row.pipeline.id) : `/roles/${session.role.id}`,
    });
  });
}

const candidateNameOf = (row: PortalCandidateRow) =>
  `${row.candidate.firstName} ${row.candidate.lastName}`.trim() || 'the candidate';

export async function approveCandidate(deps: Deps, session: PortalSession, candidateId: number): Promise<string> {
  const row = await sharedCandidate(deps, session, candidateId);
  await requestClientInterviewByContact(deps, session.by, row.pipeline.id);
  const now = deps.config.now();
  await updateShareCandidateRow(deps.db, row.item.id, { decision: 'approved', decisionAt: now, decisionDetail: '' });
  const name = candidateNameOf(row);
  await afterAction(deps, session, row, 'approved', '', {
    kind: 'portal.approved',
    title: `${session.by.name} wants to interview ${name}`,
    body: `${session.by.name} (${session.clientName}) invited ${name} to interview for ${session.role.name}.`,
  });
  return `Thank you. We will arrange an interview with ${name}.`;
}

export async function rejectCandidate(
  deps: Deps,
  session: PortalSession,
  candidateId: number,
  input: { reason: PortalRejectionReason; feedback: string },
): Promise<string> {
  const row = await sharedCandidate(deps, session, candidateId);
  const reason = [PORTAL_REJECTION_REASON_LABELS[input.reason], input.feedback].filter(Boolean).join(' — ');
  await rejectByContact(deps, session.by, row.pipeline.id, reason);
  const now = deps.config.now();
  await updateShareCandidateRow(deps.db, row.item.id, {
    decision: 'rejected',
    decisionAt: now,
    decisionDetail: reason,
  });
  const name = candidateNameOf(row);
  await afterAction(deps, session, row, 'rejected', reason, {
    kind: 'portal.rejected',
    title: `${session.by.name} declined ${name}`,
    body: `${session.by.name} (${session.clientName}) declined ${name} for ${session.role.name}: ${reason}`,
  });
  return `Thank you. ${name} will not go further for this role.`;
}

export async function commentOnCandidate(
  deps: Deps,
  session: PortalSession,
  candidateId: number,
  comment: string,
): Promise<string> {
  const row = await sharedCandidate(deps, session, candidateId);
  await commentByContact(deps, session.by, row.pipeline.id, comment);
  const name = candidateNameOf(row);
  await afterAction(deps, session, row, 'commented', comment, {
    kind: 'portal.commented',
    title: `${session.by.name} commented on ${name}`,
    body: `${session.by.name} (${session.clientName}) on ${name} for ${session.role.name}: ${comment}`,
  });
  return 'Thank you. Your comment was sent.';
}

export async function askForMore(deps: Deps, session: PortalSession, comment: string): Promise<string> {
  await afterAction(deps, session, null, 'more_requested', comment, {
    kind: 'portal.more_requested',
    title: `${session.by.name} asks for more candidates`,
    body: `${session.by.name} (${session.clientName}) asks for more candidates for ${session.role.name}${comment ? `: ${comment}` : '.'}`,
  });
  return 'Thank you. We will send you more candidates.';
}

/** POST /api/portal/{token}/interviews/{id}/outcome/: only an interview of a candidate on this share. */
export async function recordInterviewOutcome(
  deps: Deps,
  session: PortalSession,
  interviewId: number,
  input: { outcome: ContactInterviewOutcome; feedback: string },
): Promise<string> {
  const rows = await listPortalCandidateRows(deps.db, session.share.id);
  const interviews = await listInterviewsAwaitingOutcome(
    deps.db,
    rows.map((row) => row.pipeline.id),
    deps.config.now(),
  );
  const interview = interviews.find((item) => item.id === interviewId);
  const row = interview && rows.find((item) => item.pipeline.id === interview.pipelineId);
  if (!interview || !row) throw portalNotFound();
  await recordInterviewOutcomeByContact(deps, session.by, row.pipeline.id, interviewId, input.outcome, input.feedback);
  const name = candidateNameOf(row);
  const label = PORTAL_INTERVIEW_OUTCOME_LABELS[input.outcome];
  await afterAction(deps, session, row, 'interview_outcome', [label, input.feedback].filter(Boolean).join(' — '), {
    kind: 'portal.interview_outcome',
    title: `${session.by.name}: interview with ${name}`,
    body: `${session.by.name} (${session.clientName}) on the interview with ${name} for ${session.role.name}: ${label}${input.feedback ? ` — ${input.feedback}` : ''}`,
  });
  return 'Thank you. The outcome was recorded.';
}
