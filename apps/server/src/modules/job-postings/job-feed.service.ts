import type { Deps } from '../../lib/deps';
import { listPublicRoles, type PublicRole } from '../roles/roles.service';
import { getAgencySettings } from '../settings/settings.service';
import { activeThisWeek } from './job-postings.repository';
import { feedPlace } from './job-place';
import { currentWeek } from './job-postings.service';

/**
 * GET /feeds/indeed.xml (issue 14, decision 043): the job-board XML feed of every open role flagged for
 * posting whose current week is not paused or closed. Public, so it carries only what a job ad shows: no
 * notes, no fees, no recruiter, and the client's name only when the role allows it.
 */

/** Characters XML 1.0 forbids (control characters other than tab, LF, CR; lone surrogates; U+FFFE/F). */
const INVALID_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Text in a CDATA section; a `]]>` inside is split across two sections, so it cannot end the first. */
export function cdata(text: string): string {
  return `<![CDATA[${text.replace(INVALID_XML, '').replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
}

const escapeHtml = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The description as simple HTML (the board renders HTML): paragraphs of the role's text, then the statement. */
export function feedDescription(role: Pick<PublicRole, 'descriptionText' | 'clientName'>, agencyName: string): string {
  const paragraphs = role.descriptionText
    .split(/\n\s*\n/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`);
  const client = role.clientName ?? 'a client';
  paragraphs.push(
    `<p>${escapeHtml(`${agencyName} is a recruiting agency; we are recruiting for this role on behalf of ${client}.`)}</p>`,
  );
  return paragraphs.join('\n');
}

export { splitLocation } from './job-place';

const JOB_TYPES: Record<string, string> = {
  full_time: 'fulltime',
  part_time: 'parttime',
  contract: 'contract',
  temporary: 'temporary',
  internship: 'internship',
};
const REMOTE_TYPES: Record<string, string> = { remote: 'Fully remote', hybrid: 'Hybrid remote', onsite: '' };

export function feedSalary(min: string | null, max: string | null, currency: string): string {
  const format = (value: string) => {
    try {
      return new Intl.NumberFormat('en-US', { style: 'currency', currency, maximumFractionDigits: 0 }).format(
        Number(value),
      );
    } catch {
      return `${Math.round(Number(value))} ${currency}`;
    }
  };
  if (min && max) return `${format(min)} - ${format(max)} per year`;
  if (min) return `From ${format(min)} per year`;
  if (max) return `Up to ${format(max)} per year`;
  return '';
}

/** An RFC 822 date as boards read them: "Thu, 26 Nov 2026 00:00:00 GMT". */
const rfc822 = (date: Date) => date.toUTCString();
const dateOnly = (day: string) => rfc822(new Date(`${day}T00:00:00Z`));

/** How long after the build a listing stays valid unless the feed is read again. */
export const FEED_EXPIRY_DAYS = 30;
/** Cache-Control max-age of the feed, in seconds. */
export const FEED_MAX_AGE_SECONDS = 300;

export async function renderIndeedFeed(deps: Deps): Promise<string> {
  const now = deps.config.now();
  const [settings, roles] = await Promise.all([
    getAgencySettings(deps.db),
    listPublicRoles(deps.db, { where: activeThisWeek(currentWeek(deps)) }),
  ]);
  const agency = settings.agency_name;
  const base = deps.config.publicUrl;
  const email = settings.invoice_issuer.email;
  const expires = rfc822(new Date(now.getTime() + FEED_EXPIRY_DAYS * 86_400_000));
  const element = (name: string, text: string) => `<${name}>${cdata(text)}</${name}>`;
  const jobs = roles.map((role) => {
    const place = feedPlace(role, settings);
    return [
      '  <job>',
      element('title', role.name),
      element('date', dateOnly(role.openedAt)),
      element('referencenumber', `RD-${role.id}`),
      element('requisitionid', String(role.id)),
      element('url', `${base}/careers/${role.id}`),
      element('company', role.clientName ?? agency),
      element('sourcename', agency),
      element('city', place.city),
      element('state', place.state),
      element('country', place.country),
      element('postalcode', place.postalcode),
      element('description', feedDescription(role, agency)),
      element('salary', feedSalary(role.salaryMin, role.salaryMax, role.salaryCurrency)),
      element('jobtype', JOB_TYPES[role.employmentType] ?? ''),
      element('email', email),
      element('expirationdate', expires),
      element('remotetype', REMOTE_TYPES[role.remoteType] ?? ''),
      '  </job>',
    ].join('\n    ');
  });
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<source>',
    `  ${element('publisher', agency)}`,
    `  ${element('publisherurl', base)}`,
    `  ${element('lastBuildDate', rfc822(now))}`,
    ...jobs,
    '</source>',
    '',
  ].join('\n');
}
