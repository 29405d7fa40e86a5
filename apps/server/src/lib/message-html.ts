import { convert } from 'html-to-text';
import sanitizeHtml from 'sanitize-html';

/**
 * What a message body (and a signature) may hold: the composer's formatting, links and images by URL. No
 * scripts, styles, event handlers, forms or frames; links only to http(s), mailto and tel (decision 106).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'div',
    'span',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'ul',
    'ol',
    'li',
    'blockquote',
    'pre',
    'code',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'img',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https', 'cid'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
    }),
  },
};
const A_WITH_TARGET = {
  ...OPTIONS,
  allowedAttributes: { ...OPTIONS.allowedAttributes, a: ['href', 'title', 'target', 'rel'] },
};

/** A message body (or a signature) as it is stored and sent: sanitised on the server whatever the browser sent. */
export function sanitizeMessageHtml(html: string): string {
  return sanitizeHtml(html, A_WITH_TARGET).trim();
}

/** The plain-text part of a message from its (sanitised) HTML. */
export function htmlToText(html: string): string {
  return convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
      { selector: 'img', format: 'skip' },
    ],
  }).trim();
}

export { escapeHtml } from './html';

/** A value that goes into a header (a display name, a subject): one line, whatever was typed. */
export const headerSafe = (value: string): string =>
  value
    .replace(/[\r\n\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const hasLineBreak = (value: string): boolean => /[\r\n\u2028\u2029]/.test(value);
