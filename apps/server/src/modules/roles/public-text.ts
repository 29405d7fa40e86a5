import type { PublicTextSegment } from '@recruitdesk/contracts/role-public-text';

/**
 * The one mask every public text of a role goes through (careers pages, their JSON-LD, the job-board feed,
 * the application's confirmation email, the recruiter's preview): for a client not shown publicly, nothing
 * that names it is left: its name and recognisable variants ("Ironwood's", "Ironwood Mfg", "IRONWOOD, Inc."),
 * its web and mail domains (addresses and links at them too) and its contact's name ("Greg Kowalski",
 * "Mr. Kowalski"). The result is a list of segments, so the preview can show what was masked.
 */

/** What names a client, as stored on its record. */
export interface ClientIdentity {
  name: string;
  website: string;
  contactName: string;
  contactEmail: string;
}

/** Words a company's name often ends with and that its people leave out or shorten. */
const GENERIC_WORDS = [
  'manufacturing',
  'mfg',
  'industries',
  'industry',
  'group',
  'holdings',
  'company',
  'co',
  'corp',
  'corporation',
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'bv',
  'pty',
  'international',
  'intl',
  'enterprises',
  'partners',
];
const GENERIC = `(?:${GENERIC_WORDS.join('|')})\\.?`;
/** Mail providers anyone uses: their domain names nobody. */
const SHARED_MAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'icloud.com',
  'me.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
]);
/** A shortened name that is also an everyday word would mask more than the client ("General Mfg" → "general"). */
const EVERYDAY_WORDS = new Set(
  'general national american united global first new best great big central standard modern advanced applied digital premier prime smart the our your one'.split(
    ' ',
  ),
);
const HONORIFICS = '(?:mr|mrs|ms|miss|mx|dr|prof|sir|dame)\\.?';

export const CLIENT_REPLACEMENT = 'our client';
const CONTACT_REPLACEMENT = 'the hiring manager';
const WEBSITE_REPLACEMENT = "our client's website";
const EMAIL_REPLACEMENT = "our client's email";

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (text: string) => text.split(/[^\p{L}\p{N}&]+/u).filter(Boolean);
/** A phrase of words, matched across any run of spaces or hyphens (or none: "Ironwood-Mfg", "IronwoodMfg"). */
const phrase = (parts: string[]) => parts.map(escape).join('[\\s-]*');
/** Word boundaries that know letters beyond ASCII. */
const bounded = (pattern: string) => `(?<![\\p{L}\\p{N}])(?:${pattern})(?![\\p{L}\\p{N}])`;

function hostOf(website: string): string | null {
  const trimmed = website.trim().toLowerCase();
  if (!trimmed) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//.test(trimmed) ? trimmed : `https://${trimmed}`).hostname;
    return host.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** The web and mail domains of a client (never a shared mail provider's). */
export function clientDomains(client: ClientIdentity): string[] {
  const domains = new Set<string>();
  const web = hostOf(client.website);
  if (web && web.includes('.')) domains.add(web);
  const mail = client.contactEmail.trim().toLowerCase().split('@')[1];
  if (mail && mail.includes('.') && !SHARED_MAIL_DOMAINS.has(mail)) domains.add(mail.replace(/^www\./, ''));
  return [...domains];
}

/** "ironwoodmfg.example" → "ironwoodmfg"; "acme.co.uk" → "acme" (the label people read as the name). */
function domainLabel(domain: string): string | null {
  const labels = domain.split('.');
  if (labels.length < 2) return null;
  let index = labels.length - 2;
  if (labels.length >= 3 && (labels[index] ?? '').length <= 3) index -= 1;
  const label = labels[index] ?? '';
  return label.length >= 4 ? label : null;
}

interface Rule {
  pattern: RegExp;
  replacement: string;
  kind: 'client' | 'contact' | 'website' | 'email';
}

function rulesFor(client: ClientIdentity): Rule[] {
  const rules: Rule[] = [];
  const domains = clientDomains(client);
  if (domains.length) {
    const hosts = `(?:[a-z0-9-]+\\.)*(?:${domains.map(escape).join('|')})`;
    rules.push({
      kind: 'email',
      pattern: new RegExp(`[\\w.+%-]+@${hosts}(?![\\w.-]*\\w)`, 'giu'),
      replacement: EMAIL_REPLACEMENT,
    });
    rules.push({
      kind: 'website',
      pattern: new RegExp(
        `(?<![\\w@.-])(?:https?:\\/\\/)?${hosts}(?:[/?#][^\\s<>"')\\]]*[^\\s<>"')\\].,;:!?])?`,
        'giu',
      ),
      replacement: WEBSITE_REPLACEMENT,
    });
  }

  const contact = words(client.contactName.replace(new RegExp(`^\\s*${HONORIFICS}\\s+`, 'i'), ''));
  const last = contact.at(-1);
  if (contact.length >= 2 && last && last.length >= 2) {
    const full = phrase(contact);
    const firstLast = phrase([contact[0] ?? '', last]);
    rules.push({
      kind: 'contact',
      pattern: new RegExp(
        bounded(`(?:${HONORIFICS}\\s+)?(?:${full}|${firstLast})(?:['’]s)?|${HONORIFICS}\\s+${escape(last)}(?:['’]s)?`),
        'giu',
      ),
      replacement: CONTACT_REPLACEMENT,
    });
  }

  const nameWords = words(client.name);
  const generic = new RegExp(`^${GENERIC}$`, 'i');
  let core = [...nameWords];
  while (core.length > 1 && generic.test(core.at(-1) ?? '')) core = core.slice(0, -1);
  const variants = new Set<string>();
  if (nameWords.length) variants.add(phrase(nameWords));
  const everyday = core.length === 1 && EVERYDAY_WORDS.has((core[0] ?? '').toLowerCase());
  if (core.join('').length >= 3 && !everyday) variants.add(phrase(core));
  // The website's name ("ironwoodmfg"), not the mail domain's: a contact may write from a shared one.
  const web = hostOf(client.website);
  const label = web ? domainLabel(web) : null;
  if (label && !EVERYDAY_WORDS.has(label)) variants.add(phrase(words(label)));
  if (variants.size) {
    const names = [...variants].sort((a, b) => b.length - a.length).join('|');
    rules.push({
      kind: 'client',
      // The name (or its core), any generic words and legal forms after it, and a possessive.
      pattern: new RegExp(
        bounded(`(?:the\\s+)?(?:${names})(?:,?[\\s-]*${GENERIC}(?![\\p{L}\\p{N}]))*(?:['’]s)?`),
        'giu',
      ),
      replacement: CLIENT_REPLACEMENT,
    });
  }
  return rules;
}

interface Hit {
  start: number;
  end: number;
  replacement: string;
}

function findHits(text: string, rules: Rule[]): Hit[] {
  const hits: Hit[] = [];
  for (const rule of rules) {
    for (const match of text.matchAll(rule.pattern)) {
      const start = match.index;
      let found = match[0];
      // A trailing dot ("Mfg.") that also ends the sentence stays as its full stop.
      if (found.endsWith('.') && /^(\s*$|\s*\n|\s+\p{Lu})/u.test(text.slice(start + found.length)))
        found = found.slice(0, -1);
      if (!found.trim()) continue;
      const possessive = rule.kind === 'client' || rule.kind === 'contact' ? /['’]s$/i.test(found) : false;
      const replacement = possessive
        ? rule.replacement === CLIENT_REPLACEMENT
          ? "our client's"
          : "the hiring manager's"
        : rule.replacement;
      hits.push({ start, end: start + found.length, replacement });
    }
  }
  // Earliest first, the longest of those that start together; overlapping later hits are dropped.
  hits.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Hit[] = [];
  for (const hit of hits) if (!kept.length || hit.start >= (kept.at(-1)?.end ?? 0)) kept.push(hit);
  return kept;
}

/** A text with every mention of the client masked, as segments (a masked one carries what it hid). */
export function maskClientSegments(text: string, client: ClientIdentity): PublicTextSegment[] {
  const segments: PublicTextSegment[] = [];
  let at = 0;
  for (const hit of findHits(text, rulesFor(client))) {
    if (hit.start > at) segments.push({ text: text.slice(at, hit.start), masked: null });
    let replacement = hit.replacement;
    // A sentence that starts with the mention starts with a capital.
    if (/(^|[.!?]\s+|\n\s*)$/.test(text.slice(0, hit.start)))
      replacement = replacement.charAt(0).toUpperCase() + replacement.slice(1);
    segments.push({ text: replacement, masked: text.slice(hit.start, hit.end) });
    at = hit.end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), masked: null });
  return segments;
}

export const segmentsText = (segments: PublicTextSegment[]) => segments.map((segment) => segment.text).join('');

/** The text with every mention of the client masked. */
export const maskClientText = (text: string, client: ClientIdentity): string =>
  segmentsText(maskClientSegments(text, client));

/** Whether the text names the client (what a save warns about). */
export const namesClient = (text: string, client: ClientIdentity): boolean =>
  findHits(text, rulesFor(client)).length > 0;

/** A role's public title and description (untouched when the role shows its client). */
export function publicRoleText(
  role: { name: string; descriptionText: string; showClientPublicly: boolean },
  client: ClientIdentity,
): { title: PublicTextSegment[]; description: PublicTextSegment[] } {
  if (role.showClientPublicly)
    return {
      title: [{ text: role.name, masked: null }],
      description: role.descriptionText ? [{ text: role.descriptionText, masked: null }] : [],
    };
  return {
    title: tidyTitle(maskClientSegments(role.name, client)),
    description: maskClientSegments(role.descriptionText, client),
  };
}

const LEADING_SEPARATOR = /^\s*(?:[-–—|:,/]\s*)?/;
const TRAILING_SEPARATOR = /\s*(?:[-–—|:,/@(]|\bat|\bfor|\bwith)?\s*$/i;

/**
 * A title reads badly with "our client" in it ("Our client – Plant Engineer"): a mention at either end is
 * dropped with its separator; one inside stays replaced.
 */
function tidyTitle(segments: PublicTextSegment[]): PublicTextSegment[] {
  const result = segments.map((segment) => ({ ...segment }));
  const first = result[0];
  const second = result[1];
  if (first?.masked && second && !second.masked && second.text.trim()) {
    first.text = '';
    second.text = second.text.replace(LEADING_SEPARATOR, '');
    second.text = second.text.charAt(0).toUpperCase() + second.text.slice(1);
  }
  const last = result.at(-1);
  const before = result.at(-2);
  if (result.length > 1 && last?.masked && last.text && before && !before.masked && before.text.trim()) {
    const rest = before.text.replace(TRAILING_SEPARATOR, '').replace(/\s*\($/, '');
    if (rest.trim()) {
      last.text = '';
      before.text = rest;
    }
  }
  // A mention in brackets at the end, "(Ironwood)": the closing bracket goes with it.
  const tail = result.at(-1);
  const masked = result.at(-2);
  const head = result.at(-3);
  if (tail && !tail.masked && /^\s*\)\s*$/.test(tail.text) && masked?.masked && head && /\(\s*$/.test(head.text)) {
    masked.text = '';
    head.text = head.text.replace(/\s*\(\s*$/, '');
    tail.text = '';
  }
  return result.filter((segment) => segment.text || segment.masked);
}
