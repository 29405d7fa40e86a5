import { MERGE_FIELDS, type MergeField } from '@recruitdesk/contracts/messages';
import { escapeHtml, htmlToText } from '../../lib/message-html';

export { escapeHtml, htmlToText };

// The merge engine (issue 33): {{field}} tags filled from a record's values. Values are escaped in the HTML
// body and plain (one line) in the subject; a field with no value is never sent blank or as the raw tag.

/** The values of the merge fields for one message; an absent or empty value is a missing field. */
export type MergeContext = Partial<Record<MergeField, string | null | undefined>>;

/** Fields whose value is HTML the sender wrote (their signature), inserted as HTML, and which may be empty. */
const HTML_FIELDS: ReadonlySet<string> = new Set<MergeField>(['recruiter.signature']);
const OPTIONAL_FIELDS: ReadonlySet<string> = new Set<MergeField>(['recruiter.signature']);
const KNOWN: ReadonlySet<string> = new Set(MERGE_FIELDS);

/** `{{ candidate.first_name }}`: whitespace inside the braces allowed; no braces inside. */
const TAG = /\{\{\s*([^{}]*?)\s*\}\}/g;

export interface RenderedTemplate {
  subject: string;
  bodyHtml: string;
  /** Fields used that have no value here: sending is refused while any is left. */
  missing: string[];
  /** {{tags}} that are not merge fields: sending is refused too. */
  unknown: string[];
}

/** One line: no CR/LF (header injection), runs of whitespace as one space. */
const oneLine = (value: string) => value.replace(/[\r\n]+/g, ' ').replace(/[ \t]{2,}/g, ' ');

const missingMarker = (field: string) =>
  `<mark data-merge-missing="${escapeHtml(field)}">[missing: ${escapeHtml(field)}]</mark>`;
const unknownMarker = (tag: string) =>
  `<mark data-merge-unknown="${escapeHtml(tag)}">[unknown field: ${escapeHtml(tag)}]</mark>`;

/**
 * Fills a template's subject and body. Missing and unknown fields are rendered as visible markers (the preview
 * shows them) and listed: a caller that sends must refuse while `missing` or `unknown` is not empty.
 */
export function renderTemplate(
  template: { subject: string; body_html: string },
  context: MergeContext,
): RenderedTemplate {
  const missing = new Set<string>();
  const unknown = new Set<string>();
  const valueOf = (field: string): string | null => {
    if (!KNOWN.has(field)) {
      unknown.add(field);
      return null;
    }
    const value = context[field as MergeField];
    if (value == null || value.trim() === '') {
      if (OPTIONAL_FIELDS.has(field)) return '';
      missing.add(field);
      return null;
    }
    return value;
  };
  const subject = oneLine(
    template.subject.replace(TAG, (_tag, field: string) => {
      const value = valueOf(field);
      if (value === null) return KNOWN.has(field) ? `[missing: ${field}]` : `[unknown field: ${oneLine(field)}]`;
      return HTML_FIELDS.has(field) ? htmlToText(value) : value;
    }),
  ).trim();
  const bodyHtml = template.body_html.replace(TAG, (_tag, field: string) => {
    const value = valueOf(field);
    if (value === null) return KNOWN.has(field) ? missingMarker(field) : unknownMarker(field);
    return HTML_FIELDS.has(field) ? value : escapeHtml(value);
  });
  return { subject, bodyHtml, missing: [...missing], unknown: [...unknown] };
}

/** The sentence a refused send answers with: which fields are missing or unknown. */
export function mergeRefusal(rendered: Pick<RenderedTemplate, 'missing' | 'unknown'>): string | null {
  const parts: string[] = [];
  if (rendered.missing.length) parts.push(`no value for ${rendered.missing.join(', ')}`);
  if (rendered.unknown.length) parts.push(`unknown fields ${rendered.unknown.join(', ')}`);
  return parts.length ? `The template cannot be sent: ${parts.join('; ')}.` : null;
}
