import { LEGAL_BASIS_LABELS, type LegalBasis } from '@recruitdesk/contracts/data-protection';
import { escapeHtml } from '../../lib/html';
import { PUBLIC_PAGE_STYLE } from '../../lib/public-page-style';

// The public self-service privacy page (issue 34, docs/data-protection.md "Self-service page"): plain HTML forms
// (no JavaScript), every value escaped, nothing about the agency's other records.

export interface PrivacyView {
  agencyName: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  location: string;
  currentTitle: string;
  currentCompany: string;
  hasResume: boolean;
  pipelines: number;
  legalBasis: LegalBasis;
  legalBasisAt: Date | null;
  consentText: string;
  expiresAt: Date | null;
  withdrawn: boolean;
  /** Kinds of requests still open. */
  openRequests: string[];
}

export type PrivacyStatus = { ok: boolean; text: string } | null;

const PRIVACY_PAGE_STYLE = `${PUBLIC_PAGE_STYLE}
dl{display:grid;grid-template-columns:minmax(7rem,auto) 1fr;gap:.3rem .9rem;margin:0}dt{color:var(--muted)}dd{margin:0}
button.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}
button.danger{background:var(--error);color:var(--accent-text)}
.actions{display:flex;flex-wrap:wrap;gap:.6rem}.actions form{display:inline}`;

function page(title: string, agency: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${PRIVACY_PAGE_STYLE}</style></head>
<body>
<header class="top"><div>${escapeHtml(agency)}</div></header>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const day = (value: Date | null) => (value ? value.toISOString().slice(0, 10) : '—');

function field(name: string, label: string, value: string, type = 'text', max = 100): string {
  return `<div><label for="${name}">${label}</label><input type="${type}" id="${name}" name="${name}" maxlength="${max}" value="${escapeHtml(value)}"></div>`;
}

/** A one-button form posting `action` (the token in the URL is the proof). */
function button(action: string, label: string, style = ''): string {
  return `<form method="post"><input type="hidden" name="action" value="${action}"><button type="submit"${style ? ` class="${style}"` : ''}>${label}</button></form>`;
}

export function renderPrivacyPage(view: PrivacyView, status: PrivacyStatus = null): string {
  const name = `${view.firstName} ${view.lastName}`.trim();
  const held = [
    ['Name', name],
    ['Email', view.email],
    ['Phone', view.phone],
    ['Location', view.location],
    ['Current job', [view.currentTitle, view.currentCompany].filter(Boolean).join(' at ')],
    ['Resume', view.hasResume ? 'We hold your resume and the text read from it.' : 'None'],
    ['Applications', view.pipelines ? `Considered for ${view.pipelines} role(s)` : 'None'],
  ]
    .map(([label, value]) => `<dt>${label}</dt><dd>${escapeHtml(value || '—')}</dd>`)
    .join('\n');
  const basis = LEGAL_BASIS_LABELS[view.legalBasis] ?? view.legalBasis;
  const statusBox = status
    ? `<div class="status ${status.ok ? 'ok' : 'bad'}" role="${status.ok ? 'status' : 'alert'}">${escapeHtml(status.text)}</div>`
    : '';
  const open = view.openRequests.length
    ? `<p class="muted">Open requests: ${escapeHtml(view.openRequests.join(', '))}. We answer within 30 days.</p>`
    : '';
  const body = `${statusBox}
<p>This page shows what ${escapeHtml(view.agencyName)} holds about you, and lets you correct it, keep your profile, withdraw your consent, or ask for a copy of your data or for it to be erased.</p>
<section class="card" aria-labelledby="held"><h2 id="held">What we hold</h2>
<dl>
${held}
</dl></section>
<section class="card" aria-labelledby="why"><h2 id="why">Why we hold it</h2>
<p>${escapeHtml(basis)}${view.withdrawn ? ' (you withdrew your consent)' : ''}, since ${day(view.legalBasisAt)}; kept until ${day(view.expiresAt)} unless you renew it.</p>
${view.consentText ? `<p class="privacy">You agreed to: ${escapeHtml(view.consentText)}</p>` : ''}
<div class="actions">${button('renew', 'Keep my profile')}${view.legalBasis === 'consent' && !view.withdrawn ? button('withdraw', 'Withdraw my consent', 'secondary') : ''}</div>
</section>
<section class="card" aria-labelledby="correct"><h2 id="correct">Correct your details</h2>
<form method="post"><input type="hidden" name="action" value="correct">
<div class="row">${field('first_name', 'First name', view.firstName)}${field('last_name', 'Last name', view.lastName)}</div>
<div class="row">${field('phone', 'Phone', view.phone, 'tel', 50)}${field('location', 'Location', view.location, 'text', 200)}</div>
<div><button type="submit">Save corrections</button></div>
</form></section>
<section class="card" aria-labelledby="requests"><h2 id="requests">Your rights</h2>
${open}
<div class="actions">${button('access', 'Send me a copy of my data', 'secondary')}${button('erasure', 'Forget me', 'danger')}</div>
<p class="muted">Asking us to forget you erases your profile, resume and messages; we keep only what our accounts must (a placement's fee and dates), without your name.</p>
</section>`;
  return page(`Your data with ${view.agencyName}`, view.agencyName, body);
}

export function renderPrivacyInvalid(agency: string): string {
  return page(
    'Link not valid',
    agency,
    '<div class="card"><p>This link is not valid, or the profile it was for no longer exists. Use the link from the most recent email we sent you.</p></div>',
  );
}

export function renderPrivacyTooMany(agency: string): string {
  return page(
    'Too many requests',
    agency,
    '<div class="card"><p>Too many requests from your connection. Wait a few minutes and try again.</p></div>',
  );
}
