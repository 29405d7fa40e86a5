import {
  APPLICATION_ERRORS,
  APPLICATION_RECEIVED,
  APPLICATION_RESUME_MAX_BYTES,
} from '@recruitdesk/contracts/applications';
import type { PublicRole } from '../roles/roles.service';
import { escapeHtml } from '../../lib/html';
import { PUBLIC_PAGE_STYLE as STYLE } from '../../lib/public-page-style';

// The public careers pages (issue 14): server-rendered HTML with a few lines of inline CSS, no SPA bundle,
// so they paint at once on a phone and crawlers read the JobPosting JSON-LD. Everything shown is escaped;
// nothing private is shown (no client, no fees, no notes).

export interface CareersContext {
  agencyName: string;
  privacyText: string;
  /** PUBLIC_URL without the trailing slash: canonical links and the JSON-LD `url`. */
  publicUrl: string;
}

/** JSON inside a <script> element: `<` escaped so no text can close the element. */
export const scriptJson = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const EMPLOYMENT_LABELS: Record<string, string> = {
  full_time: 'Full-time',
  part_time: 'Part-time',
  contract: 'Contract',
  temporary: 'Temporary',
  internship: 'Internship',
};
const SCHEMA_EMPLOYMENT: Record<string, string> = {
  full_time: 'FULL_TIME',
  part_time: 'PART_TIME',
  contract: 'CONTRACTOR',
  temporary: 'TEMPORARY',
  internship: 'INTERN',
};
const REMOTE_LABELS: Record<string, string> = { onsite: 'On-site', hybrid: 'Hybrid', remote: 'Remote' };

function salaryText(role: PublicRole): string | null {
  const format = (value: string) => Number(value).toLocaleString('en-US', { maximumFractionDigits: 0 });
  if (role.salaryMin && role.salaryMax)
    return `${role.salaryCurrency} ${format(role.salaryMin)} – ${format(role.salaryMax)} a year`;
  if (role.salaryMin) return `From ${role.salaryCurrency} ${format(role.salaryMin)} a year`;
  if (role.salaryMax) return `Up to ${role.salaryCurrency} ${format(role.salaryMax)} a year`;
  return null;
}

const placeText = (role: PublicRole) => [role.location, REMOTE_LABELS[role.remoteType]].filter(Boolean).join(' · ');

/** The statement every posting carries: the agency recruits on behalf of a client (named when the role allows). */
const onBehalf = (ctx: CareersContext, role: PublicRole) =>
  `${ctx.agencyName} is recruiting for this position on behalf of ${role.clientName ? role.clientName : 'a client'}.`;

function paragraphs(text: string): string {
  const blocks = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return blocks.map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`).join('\n');
}

function layout(
  ctx: CareersContext,
  input: { title: string; description: string; canonical: string; body: string; head?: string },
): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
<meta name="description" content="${escapeHtml(input.description)}">
<link rel="canonical" href="${escapeHtml(input.canonical)}">
<style>${STYLE}</style>
${input.head ?? ''}
</head>
<body>
<header class="top"><div><a href="/careers">${escapeHtml(ctx.agencyName)} · Careers</a></div></header>
<main id="main">
${input.body}
</main>
<footer>© ${escapeHtml(ctx.agencyName)}</footer>
</body>
</html>`;
}

export function renderCareersList(ctx: CareersContext, roles: PublicRole[]): string {
  const items = roles
    .map((role) => {
      const salary = salaryText(role);
      return `<li class="card"><a href="/careers/${role.id}">${escapeHtml(role.name)}</a>
<div class="meta">${[placeText(role), EMPLOYMENT_LABELS[role.employmentType] ?? '', salary ?? '']
        .filter(Boolean)
        .map((part) => `<span>${escapeHtml(part)}</span>`)
        .join('')}</div></li>`;
    })
    .join('\n');
  const body = `<h1>Open positions</h1>
<p class="muted">${escapeHtml(ctx.agencyName)} recruits for its clients. Pick a role to read more and apply.</p>
${roles.length ? `<ul class="jobs">${items}</ul>` : '<p class="card">There are no open positions right now. Please check back soon.</p>'}`;
  return layout(ctx, {
    title: `Open positions · ${ctx.agencyName}`,
    description: `Open positions recruited by ${ctx.agencyName}.`,
    canonical: `${ctx.publicUrl}/careers`,
    body,
  });
}

/** schema.org JobPosting for search engines (Google's job search reads it). */
export function jobPostingJsonLd(ctx: CareersContext, role: PublicRole): Record<string, unknown> {
  const description = `${paragraphs(role.descriptionText || role.name)}<p>${escapeHtml(onBehalf(ctx, role))}</p>`;
  const posting: Record<string, unknown> = {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: role.name,
    description,
    datePosted: role.openedAt,
    employmentType: SCHEMA_EMPLOYMENT[role.employmentType] ?? 'OTHER',
    identifier: { '@type': 'PropertyValue', name: ctx.agencyName, value: String(role.id) },
    hiringOrganization: role.clientName
      ? { '@type': 'Organization', name: role.clientName }
      : { '@type': 'Organization', name: ctx.agencyName, sameAs: ctx.publicUrl },
    directApply: true,
    url: `${ctx.publicUrl}/careers/${role.id}`,
  };
  if (role.location)
    posting.jobLocation = { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: role.location } };
  if (role.remoteType === 'remote') posting.jobLocationType = 'TELECOMMUTE';
  if (role.salaryMin || role.salaryMax) {
    const value: Record<string, unknown> = { '@type': 'QuantitativeValue', unitText: 'YEAR' };
    if (role.salaryMin) value.minValue = Number(role.salaryMin);
    if (role.salaryMax) value.maxValue = Number(role.salaryMax);
    posting.baseSalary = { '@type': 'MonetaryAmount', currency: role.salaryCurrency, value };
  }
  return posting;
}

/**
 * What the server puts into the form: its signed token (decision 054) and, when a post without JavaScript
 * comes back refused, the values entered (never the file), the errors per field and a message on top.
 */
export interface CareersFormState {
  token: string;
  values?: Record<string, string>;
  errors?: Record<string, string>;
  message?: string;
}

function fieldError(state: CareersFormState, name: string): { attrs: string; box: string } {
  const message = state.errors?.[name];
  return message
    ? {
        attrs: ` aria-invalid="true" aria-describedby="${name}-error"`,
        box: `<p class="error" id="${name}-error">${escapeHtml(message)}</p>`,
      }
    : { attrs: '', box: `<p class="error" id="${name}-error" hidden></p>` };
}

function textInput(
  state: CareersFormState,
  input: { name: string; label: string; type: string; autocomplete: string; max: number; required: boolean },
): string {
  const value = state.values?.[input.name] ?? '';
  const error = fieldError(state, input.name);
  return `<div><label for="${input.name}">${input.label}</label><input type="${input.type}" id="${input.name}" name="${input.name}" autocomplete="${input.autocomplete}"${input.required ? ' required' : ''} maxlength="${input.max}"${value ? ` value="${escapeHtml(value)}"` : ''}${error.attrs}>${error.box}</div>`;
}

/** The consent checkbox's words on the application form. */
export const CONSENT_LABEL = 'I agree to the processing of my personal data to assess my application.';

/** The privacy notice under the checkbox: the agency's own text, or a default. */
export function careersPrivacyText(ctx: Pick<CareersContext, 'agencyName' | 'privacyText'>): string {
  return (
    ctx.privacyText.trim() ||
    `${ctx.agencyName} uses the details and resume you send only to assess your application, and deletes them on request.`
  );
}

/**
 * The consent text an applicant agrees to (issue 34): the checkbox's words and the notice under it, as the form
 * shows them; stored with the application and, on conversion, as the candidate's consent text.
 */
export function careersConsentText(ctx: Pick<CareersContext, 'agencyName' | 'privacyText'>): string {
  return `${CONSENT_LABEL}\n\n${careersPrivacyText(ctx)}`;
}

export function renderCareersRole(ctx: CareersContext, role: PublicRole, state: CareersFormState): string {
  const salary = salaryText(role);
  const meta = [placeText(role), EMPLOYMENT_LABELS[role.employmentType] ?? '', salary ?? ''].filter(Boolean);
  const maxMb = Math.round(APPLICATION_RESUME_MAX_BYTES / (1024 * 1024));
  const privacy = careersPrivacyText(ctx);
  const resumeError = fieldError(state, 'resume');
  const consentError = fieldError(state, 'consent');
  const consentChecked = state.values?.consent ? ' checked' : '';
  const hasErrors = Boolean(state.message || (state.errors && Object.keys(state.errors).length));
  const summary = hasErrors
    ? `<div id="form-status" role="alert" class="status bad" tabindex="-1">${escapeHtml(state.message ?? 'Please correct the highlighted fields.')}${
        state.values && !state.errors?.resume
          ? '<br><span style="font-weight:400">For your security the resume is not kept: choose the file again.</span>'
          : ''
      }</div>`
    : '<div id="form-status" role="status" aria-live="polite"></div>';
  const body = `<p><a href="/careers">← All open positions</a></p>
<article>
<h1>${escapeHtml(role.name)}</h1>
<div class="meta">${meta.map((part) => `<span>${escapeHtml(part)}</span>`).join('')}</div>
<section aria-labelledby="about">
<h2 id="about">About the role</h2>
${role.descriptionText.trim() ? paragraphs(role.descriptionText) : '<p class="muted">Apply below and a recruiter will tell you more about this role.</p>'}
<p class="muted">${escapeHtml(onBehalf(ctx, role))}</p>
</section>
</article>
<section aria-labelledby="apply" class="card" id="apply-section">
<h2 id="apply" style="margin-top:.2rem">Apply for this position</h2>
<form id="apply-form" method="post" action="/careers/${role.id}/apply" data-api="/api/public/applications/" enctype="multipart/form-data" novalidate data-max-bytes="${APPLICATION_RESUME_MAX_BYTES}">
<input type="hidden" name="role_id" value="${role.id}">
<input type="hidden" name="form_token" value="${escapeHtml(state.token)}">
${summary}
<div class="row">
${textInput(state, { name: 'first_name', label: 'First name', type: 'text', autocomplete: 'given-name', max: 100, required: true })}
${textInput(state, { name: 'last_name', label: 'Last name', type: 'text', autocomplete: 'family-name', max: 100, required: true })}
</div>
<div class="row">
${textInput(state, { name: 'email', label: 'Email', type: 'email', autocomplete: 'email', max: 254, required: true })}
${textInput(state, { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel', max: 50, required: false })}
</div>
<div><label for="resume">Resume (PDF or DOCX, up to ${maxMb} MB)</label><input type="file" id="resume" name="resume" accept=".pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document" required${resumeError.attrs}>${resumeError.box}</div>
<div class="hp" aria-hidden="true"><label for="website">Website</label><input type="text" id="website" name="website" tabindex="-1" autocomplete="off"></div>
<div><label class="consent"><input type="checkbox" id="consent" name="consent" value="on" required${consentChecked}${consentError.attrs}><span>${escapeHtml(CONSENT_LABEL)}</span></label>
<p class="privacy">${escapeHtml(privacy)}</p>${consentError.box}</div>
<div><button type="submit">Send application</button></div>
</form>
</section>
<script src="/careers/assets/apply.js" defer></script>`;
  const head = `<script type="application/ld+json">${scriptJson(jobPostingJsonLd(ctx, role))}</script>`;
  const description = `${role.name}${role.location ? ` in ${role.location}` : ''}. ${onBehalf(ctx, role)}`;
  return layout(ctx, {
    title: `${hasErrors ? 'Check your application · ' : ''}${role.name} · ${ctx.agencyName}`,
    description,
    canonical: `${ctx.publicUrl}/careers/${role.id}`,
    body,
    head,
  });
}

/** After a post without JavaScript went through (Post/Redirect/Get): nothing personal, only the role's name. */
export function renderCareersApplied(ctx: CareersContext, role: PublicRole | undefined): string {
  const body = `<h1>Thank you for applying</h1>
<div class="status ok" role="status">${escapeHtml(APPLICATION_RECEIVED)}</div>
${role ? `<p>You applied for <strong>${escapeHtml(role.name)}</strong>. A recruiter will review your application.</p>` : ''}
<p><a href="/careers">See all open positions</a></p>`;
  return layout(ctx, {
    title: `Application received · ${ctx.agencyName}`,
    description: 'Your application has been received.',
    canonical: `${ctx.publicUrl}/careers`,
    body,
  });
}

/** A post without JavaScript that cannot be trusted (forged token, another site's form): nothing is kept. */
export function renderCareersRefused(ctx: CareersContext, roleId: number | null, message: string): string {
  const body = `<h1>Your application could not be sent</h1>
<div class="status bad" role="alert">${escapeHtml(message)}</div>
<p>${roleId ? `<a href="/careers/${roleId}">Open the position again and apply there</a>` : '<a href="/careers">See all open positions</a>'}</p>`;
  return layout(ctx, {
    title: `Application not sent · ${ctx.agencyName}`,
    description: 'Your application could not be sent.',
    canonical: `${ctx.publicUrl}/careers`,
    body,
  });
}

export function renderCareersNotFound(ctx: CareersContext): string {
  const body = `<h1>This position is no longer open</h1>
<p class="muted">It may have been filled or closed.</p>
<p><a href="/careers">See all open positions</a></p>`;
  return layout(ctx, {
    title: `Position not found · ${ctx.agencyName}`,
    description: 'This position is no longer open.',
    canonical: `${ctx.publicUrl}/careers`,
    body,
  });
}

/**
 * The form's script (served from /careers/assets/apply.js: the CSP allows scripts from the app's origin
 * only). It asks for a CSRF token, sends the form with fetch and the X-CSRFToken header to the API
 * (`data-api`), and shows the field errors or the confirmation in place. Without it, the browser posts the
 * form itself to `/careers/{roleId}/apply` (decision 054).
 */
export const APPLY_SCRIPT = `(function () {
  'use strict';
  var form = document.getElementById('apply-form');
  if (!form) return;
  var statusBox = document.getElementById('form-status');
  var button = form.querySelector('button[type=submit]');
  var maxBytes = Number(form.getAttribute('data-max-bytes'));
  var FIELDS = ['first_name', 'last_name', 'email', 'phone', 'resume', 'consent'];
  function showError(name, message) {
    var box = document.getElementById(name + '-error');
    var input = document.getElementById(name);
    if (!box || !input) return false;
    box.textContent = message || '';
    box.hidden = !message;
    if (message) { input.setAttribute('aria-invalid', 'true'); input.setAttribute('aria-describedby', name + '-error'); }
    else { input.removeAttribute('aria-invalid'); input.removeAttribute('aria-describedby'); }
    return Boolean(message);
  }
  function setStatus(kind, text) {
    statusBox.className = text ? 'status ' + kind : '';
    statusBox.textContent = text;
  }
  function check() {
    var bad = [];
    var v = function (id) { return document.getElementById(id).value.trim(); };
    if (showError('first_name', v('first_name') ? '' : 'Enter your first name.')) bad.push('first_name');
    if (showError('last_name', v('last_name') ? '' : 'Enter your last name.')) bad.push('last_name');
    var email = v('email');
    if (showError('email', !email ? 'Enter an email address.' : /^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$/.test(email) ? '' : 'Enter a valid email address.')) bad.push('email');
    showError('phone', '');
    var file = document.getElementById('resume').files[0];
    var fileError = !file ? ${JSON.stringify(APPLICATION_ERRORS.missingResume)} : !/\\.(pdf|docx)$/i.test(file.name) ? ${JSON.stringify(APPLICATION_ERRORS.type)} : file.size > maxBytes ? ${JSON.stringify(APPLICATION_ERRORS.tooLarge)} : '';
    if (showError('resume', fileError)) bad.push('resume');
    if (showError('consent', document.getElementById('consent').checked ? '' : ${JSON.stringify(APPLICATION_ERRORS.consent)})) bad.push('consent');
    return bad;
  }
  function token() {
    return fetch('/api/auth/csrf-token/', { credentials: 'same-origin', headers: { accept: 'application/json' } })
      .then(function (r) { return r.json(); })
      .then(function (body) { return body.csrf_token; });
  }
  form.addEventListener('submit', function (event) {
    event.preventDefault();
    setStatus('', '');
    var bad = check();
    if (bad.length) { document.getElementById(bad[0]).focus(); return; }
    button.disabled = true;
    button.textContent = 'Sending…';
    var data = new FormData(form);
    token()
      .then(function (csrf) {
        return fetch(form.getAttribute('data-api'), { method: 'POST', body: data, credentials: 'same-origin', headers: { 'X-CSRFToken': csrf, accept: 'application/json' } });
      })
      .then(function (response) {
        return response.json().catch(function () { return {}; }).then(function (body) { return { status: response.status, body: body }; });
      })
      .then(function (result) {
        if (result.status === 201) {
          var done = document.createElement('div');
          done.className = 'status ok';
          done.setAttribute('role', 'status');
          done.setAttribute('tabindex', '-1');
          done.textContent = result.body.message;
          form.replaceWith(done);
          done.focus();
          return;
        }
        var fields = (result.body && result.body.fields) || {};
        var first = null;
        FIELDS.forEach(function (name) { if (fields[name] && showError(name, fields[name][0]) && !first) first = name; });
        if (result.status === 413) { showError('resume', ${JSON.stringify(APPLICATION_ERRORS.tooLarge)}); first = first || 'resume'; }
        if (result.status === 415) { showError('resume', ${JSON.stringify(APPLICATION_ERRORS.type)}); first = first || 'resume'; }
        setStatus('bad', (result.body && result.body.error) || 'Your application could not be sent. Please try again.');
        if (first) document.getElementById(first).focus();
      })
      .catch(function () { setStatus('bad', 'Your application could not be sent. Check your connection and try again.'); })
      .then(function () { button.disabled = false; button.textContent = 'Send application'; });
  });
})();
`;
