import {
  PORTAL_INTERVIEW_OUTCOME_LABELS,
  PORTAL_INTERVIEW_OUTCOMES,
  PORTAL_REJECTION_REASON_LABELS,
  PORTAL_REJECTION_REASONS,
} from '@recruitdesk/contracts/shares';
import { escapeHtml as e } from '../../lib/html';
import { PUBLIC_PAGE_STYLE } from '../../lib/public-page-style';
import type { PortalCandidateView, PortalView } from './portal.service';

// The shortlist portal's pages (issue 35): phone first, no scripts, every value from the records escaped
// (lib/html.ts); a candidate's name or a pitch such as `<img onerror=…>` is text wherever it is put.

const PORTAL_STYLE = `
textarea,select{width:100%;font:inherit;padding:.6rem .7rem;border:1px solid var(--line);border-radius:.5rem;background:var(--bg);color:var(--text)}
textarea{min-height:5rem;resize:vertical}select:focus-visible,textarea:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.badge{display:inline-block;font-size:.8rem;font-weight:600;border:1px solid var(--line);border-radius:999px;padding:.1rem .6rem}
.badge.ok{border-color:var(--ok);color:var(--ok)}.badge.bad{border-color:var(--error);color:var(--error)}
.skills{display:flex;flex-wrap:wrap;gap:.35rem;list-style:none;padding:0;margin:.5rem 0}.skills li{font-size:.85rem;border:1px solid var(--line);border-radius:.4rem;padding:.05rem .45rem}
.pitch{white-space:pre-line;margin:.5rem 0}button.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}
details{margin:.75rem 0}summary{cursor:pointer;font-weight:600;min-height:2.75rem;display:flex;align-items:center}
a.button{display:inline-flex;align-items:center;min-height:2.75rem;font-weight:600;color:var(--accent)}
`;

function page(title: string, agency: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${e(title)}</title>
<style>${PUBLIC_PAGE_STYLE}${PORTAL_STYLE}</style></head>
<body>
<header class="top"><div>${e(agency)}</div></header>
<main>
${body}
</main>
</body>
</html>
`;
}

const base = (token: string) => `/portal/${encodeURIComponent(token)}`;
const api = (token: string) => `/api/portal/${encodeURIComponent(token)}`;
const dateOf = (at: Date) => at.toISOString().slice(0, 10);
const whenOf = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The fixed confirmations a redirect may name (`?done=`): never text from the request. */
export const DONE_MESSAGES: Record<string, string> = {
  approved: 'Thank you. We will arrange an interview.',
  rejected: 'Thank you. The candidate will not go further for this role.',
  commented: 'Thank you. Your comment was sent.',
  more: 'Thank you. We will send you more candidates.',
  outcome: 'Thank you. The outcome was recorded.',
};

function status(message: string | undefined, ok = true): string {
  return message ? `<p class="status ${ok ? 'ok' : 'bad'}" role="status">${e(message)}</p>` : '';
}

function decisionBadge(candidate: PortalCandidateView): string {
  if (candidate.decision === 'approved') return '<span class="badge ok">Invited to interview</span>';
  if (candidate.decision === 'rejected') return '<span class="badge bad">Declined</span>';
  return '';
}

function facts(candidate: PortalCandidateView): string {
  const items = [
    candidate.title,
    candidate.experience ? `${candidate.experience} experience` : '',
    candidate.salary ? `Expects ${candidate.salary}` : '',
  ].filter(Boolean);
  return items.length ? `<p class="meta">${items.map((item) => `<span>${e(item)}</span>`).join('')}</p>` : '';
}

export function renderShortlist(view: PortalView, token: string, done?: string, error?: string): string {
  const cards = view.candidates
    .map(
      (candidate) => `<li class="card">
<h2 style="margin:0"><a href="${base(token)}/candidates/${candidate.id}">${e(candidate.name)}</a></h2>
${facts(candidate)}
<p class="meta"><span>Stage: ${e(candidate.stage)}</span> ${decisionBadge(candidate)}</p>
${candidate.pitch ? `<p class="pitch">${e(candidate.pitch)}</p>` : ''}
${candidate.interviewsAwaitingOutcome.length ? '<p><strong>How did the interview go? Open the candidate to tell us.</strong></p>' : ''}
</li>`,
    )
    .join('\n');
  return page(
    `Candidates for ${view.roleName}`,
    view.agencyName,
    `<h1>Candidates for ${e(view.roleName)}</h1>
<p class="muted">For ${e(view.contactName)} at ${e(view.clientName)}. This link works until ${dateOf(view.expiresAt)}.</p>
${status(done ? DONE_MESSAGES[done] : undefined)}
${status(error, false)}
<ul class="jobs" aria-label="Candidates">
${cards || '<li class="card">No candidates are shared here any more.</li>'}
</ul>
<h2>Need more candidates?</h2>
<form class="card" method="post" action="${api(token)}/more/">
<div><label for="more-comment">What should we look for? (optional)</label>
<textarea id="more-comment" name="comment" maxlength="2000"></textarea></div>
<div><button type="submit">Ask for more candidates</button></div>
</form>`,
  );
}

export interface CandidatePageState {
  done?: string;
  error?: string;
}

function outcomeForms(token: string, candidate: PortalCandidateView): string {
  return candidate.interviewsAwaitingOutcome
    .map(
      (interview) => `<form class="card" method="post" action="${api(token)}/interviews/${interview.id}/outcome/">
<h2 style="margin-top:0">How did the interview on ${e(whenOf(interview.scheduledAt))} go?</h2>
<div><label for="outcome-${interview.id}">Outcome</label>
<select id="outcome-${interview.id}" name="outcome" required>
${PORTAL_INTERVIEW_OUTCOMES.map((value) => `<option value="${value}">${e(PORTAL_INTERVIEW_OUTCOME_LABELS[value])}</option>`).join('')}
</select></div>
<div><label for="feedback-${interview.id}">Feedback</label>
<textarea id="feedback-${interview.id}" name="feedback" maxlength="5000"></textarea></div>
<div><button type="submit">Send the outcome</button></div>
</form>`,
    )
    .join('\n');
}

export function renderCandidate(
  view: PortalView,
  candidate: PortalCandidateView,
  token: string,
  state: CandidatePageState = {},
): string {
  const path = `${api(token)}/candidates/${candidate.id}`;
  const decide = candidate.open
    ? `<form class="card" method="post" action="${path}/approve/">
<div><button type="submit">Invite to interview</button></div>
</form>
<form class="card" method="post" action="${path}/reject/">
<h2 style="margin-top:0">Not a fit?</h2>
<div><label for="reject-reason">Reason</label>
<select id="reject-reason" name="reason" required>
${PORTAL_REJECTION_REASONS.map((value) => `<option value="${value}">${e(PORTAL_REJECTION_REASON_LABELS[value])}</option>`).join('')}
</select></div>
<div><label for="reject-feedback">In your words (optional, needed for Other)</label>
<textarea id="reject-feedback" name="feedback" maxlength="2000"></textarea></div>
<div><button type="submit" class="secondary">Decline candidate</button></div>
</form>`
    : '';
  return page(
    `${candidate.name} — ${view.roleName}`,
    view.agencyName,
    `<p><a class="button" href="${base(token)}">← All candidates for ${e(view.roleName)}</a></p>
<h1>${e(candidate.name)}</h1>
${facts(candidate)}
<p class="meta"><span>Stage: ${e(candidate.stage)}</span> ${decisionBadge(candidate)}</p>
${status(state.done ? DONE_MESSAGES[state.done] : undefined)}
${status(state.error, false)}
${candidate.pitch ? `<div class="card"><h2 style="margin-top:0">Why we recommend ${e(candidate.name)}</h2><p class="pitch">${e(candidate.pitch)}</p></div>` : ''}
${candidate.skills.length ? `<h2>Key skills</h2><ul class="skills">${candidate.skills.map((skill) => `<li>${e(skill)}</li>`).join('')}</ul>` : ''}
${candidate.contactDetails.length ? `<h2>Contact</h2><ul>${candidate.contactDetails.map((item) => `<li>${e(item)}</li>`).join('')}</ul>` : ''}
${candidate.hasResume ? `<p><a class="button" href="${base(token)}/candidates/${candidate.id}/resume.pdf">Download the resume (PDF)</a></p>` : ''}
${outcomeForms(token, candidate)}
${decide}
<form class="card" method="post" action="${path}/comment/">
<div><label for="comment">Comment or question</label>
<textarea id="comment" name="comment" maxlength="2000" required></textarea></div>
<div><button type="submit" class="secondary">Send comment</button></div>
</form>`,
  );
}

export function renderInvalid(): string {
  return page(
    'Link not valid',
    'Shortlist',
    `<h1>Link not valid</h1>
<div class="card"><p>This link is not valid or has expired. Ask your recruiter for a new one.</p></div>`,
  );
}

export function renderTooMany(): string {
  return page(
    'Too many requests',
    'Shortlist',
    `<h1>Too many requests</h1>
<div class="card"><p>Please wait a few minutes and try again.</p></div>`,
  );
}
