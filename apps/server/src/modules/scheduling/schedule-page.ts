import { escapeHtml } from '../../lib/message-html';
import { PUBLIC_PAGE_STYLE } from '../../lib/public-page-style';
import type { ScheduleView } from './schedule-public';
import { dateIn, knownZones, timeIn, zoneAbbreviation } from './zones';

// The public page of a scheduling link (GET /schedule/{token}): phone first, server-rendered, every value from
// the records escaped. It works without JavaScript (times in the interviewer's zone, a zone select with a
// button); /schedule-time-zone.js only fills in the browser's zone and submits the select on change.

/** The page's only script: served from here ('self' in the CSP), no inline code. */
export const TIME_ZONE_SCRIPT = `(function () {
  var url = new URL(window.location.href);
  if (!url.searchParams.get('tz')) {
    try {
      var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      if (zone) { url.searchParams.set('tz', zone); window.location.replace(url.toString()); return; }
    } catch (e) {}
  }
  var select = document.getElementById('tz');
  if (select) select.addEventListener('change', function () { select.form.submit(); });
})();
`;

const STYLE = `${PUBLIC_PAGE_STYLE}
ul.slots{list-style:none;padding:0;margin:0;display:grid;gap:.6rem}
ul.slots form{display:block}ul.slots button{width:100%;text-align:left;display:flex;justify-content:space-between;gap:.5rem;flex-wrap:wrap}
ul.slots button.secondary{background:transparent;color:var(--accent);border:1px solid var(--accent)}
.taken{padding:.7rem 1.2rem;border:1px dashed var(--line);border-radius:.5rem;color:var(--muted)}
.tzform{display:flex;gap:.5rem;align-items:end;flex-wrap:wrap}.tzform select{font:inherit;padding:.55rem;border:1px solid var(--line);border-radius:.5rem;background:var(--bg);color:var(--text);max-width:100%}
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
<script src="/schedule-time-zone.js" defer></script>
</body>
</html>
`;
}

export function renderScheduleInvalid(): string {
  return page(
    'Link not valid',
    '<div class="card"><p>This link is not valid or has expired. Ask the recruiter who sent it for a new one.</p></div>',
  );
}

const span = (start: Date, minutes: number, zone: string) =>
  `${timeIn(start, zone)}–${timeIn(new Date(start.getTime() + minutes * 60_000), zone)}`;

export interface PageOptions {
  zone: string;
  /** A notice after a form post: picked, booked, or the time was taken. */
  notice?: 'picked' | 'booked' | 'taken' | 'closed' | 'outcome';
  pickPath: string;
  outcomePath: string;
}

export function renderSchedulePage(view: ScheduleView, options: PageOptions): string {
  const { offer, facts, participant, slots } = view;
  const zone = options.zone;
  const candidate = `${facts.candidate.firstName} ${facts.candidate.lastName}`.trim();
  const isCandidate = participant.kind === 'candidate';
  const title = isCandidate ? 'Choose a time for your interview' : `Choose a time to interview ${candidate}`;
  const where = [offer.location, offer.meetingUrl].filter(Boolean);
  const first = slots[0]?.startsAt ?? new Date();
  const details = `<div class="card">
<p><strong>${escapeHtml(facts.role.name)}</strong> · ${escapeHtml(facts.clientName)}</p>
<div class="meta"><span>${offer.durationMinutes} minutes</span>${offer.interviewerName ? `<span>Interviewer: ${escapeHtml(offer.interviewerName)}</span>` : ''}${where.map((item) => `<span>${escapeHtml(item)}</span>`).join('')}</div>
<p class="muted">Arranged by ${escapeHtml(view.agencyName)}.</p>
</div>`;
  const zoneForm = `<form class="tzform" method="get">
<div><label for="tz">Time zone</label><select id="tz" name="tz">${knownZones()
    .map(
      (name) => `<option value="${escapeHtml(name)}"${name === zone ? ' selected' : ''}>${escapeHtml(name)}</option>`,
    )
    .join('')}</select></div>
<button type="submit" class="secondary">Show times</button>
</form>
<p class="muted" id="zone-note">Times are shown in <strong>${escapeHtml(zone)}</strong> (${escapeHtml(zoneAbbreviation(first, zone))}).</p>`;

  const notices: Record<NonNullable<PageOptions['notice']>, string> = {
    picked:
      '<p class="status ok" role="status">Thank you: your choice is saved. You will receive a calendar invitation once the interview is booked.</p>',
    booked:
      '<p class="status ok" role="status">The interview is booked. A calendar invitation is on its way by email.</p>',
    taken: `<p class="status bad" role="alert">That time is no longer available. Choose another.</p>`,
    closed: '<p class="status bad" role="alert">This interview is no longer being scheduled.</p>',
    outcome: '<p class="status ok" role="status">Thank you: your feedback is recorded.</p>',
  };
  const notice = options.notice ? notices[options.notice] : '';

  if (offer.status === 'booked') {
    const slot = slots.find((row) => row.id === offer.bookedSlotId);
    const when = slot
      ? `${dateIn(slot.startsAt, zone)}, ${span(slot.startsAt, offer.durationMinutes, zone)}`
      : 'the agreed time';
    const outcome =
      view.outcome === 'ask'
        ? `<h2>How did the interview go?</h2>
<form method="post" action="${escapeHtml(options.outcomePath)}" class="card">
<input type="hidden" name="tz" value="${escapeHtml(zone)}">
<fieldset style="border:0;padding:0;margin:0;display:grid;gap:.5rem"><legend class="muted">Your decision on ${escapeHtml(candidate)}</legend>
<label class="consent"><input type="radio" name="outcome" value="passed" required> Went well: move forward</label>
<label class="consent"><input type="radio" name="outcome" value="rejected"> Not a fit</label></fieldset>
<div><label for="feedback">Feedback (optional)</label><textarea id="feedback" name="feedback" rows="4" maxlength="2000" style="width:100%;font:inherit;padding:.6rem;border:1px solid var(--line);border-radius:.5rem;background:var(--bg);color:var(--text)"></textarea></div>
<button type="submit">Send feedback</button>
</form>`
        : view.outcome === 'recorded'
          ? '<div class="card"><p>The outcome of this interview is recorded. Thank you.</p></div>'
          : '';
    return page(
      view.outcome ? 'Your interview' : 'Your interview is booked',
      `${notice}${details}<div class="card"><p>Booked for <strong>${escapeHtml(when)}</strong>.</p></div>${outcome}${view.outcome ? '' : zoneForm}`,
    );
  }
  if (offer.status !== 'open') {
    return page('Interview scheduling', `${notices.closed}${details}`);
  }

  const items = slots
    .map((slot) => {
      const label = `${dateIn(slot.startsAt, zone)}, ${span(slot.startsAt, offer.durationMinutes, zone)}`;
      if (view.taken.has(slot.id))
        return `<li><div class="taken">${escapeHtml(label)} · No longer available</div></li>`;
      const mine = participant.pickedSlotId === slot.id;
      const theirs = view.otherPick === slot.id;
      const tag = mine
        ? 'Your choice'
        : theirs
          ? isCandidate
            ? 'Chosen by the client'
            : 'Chosen by the candidate'
          : '';
      return `<li><form method="post" action="${escapeHtml(options.pickPath)}">
<input type="hidden" name="slot_id" value="${slot.id}"><input type="hidden" name="tz" value="${escapeHtml(zone)}">
<button type="submit"${mine ? ' class="secondary" aria-current="true"' : ''}><span>${escapeHtml(label)}</span>${tag ? `<span>${escapeHtml(tag)}</span>` : ''}</button>
</form></li>`;
    })
    .join('\n');
  return page(
    title,
    `${notice}${details}${zoneForm}<h2>Times offered</h2><ul class="slots" aria-label="Times offered">${items}</ul>`,
  );
}
