// What the chat may show from a model (issue 29 item 4): the answer is parsed as the chat renders it
// (CommonMark + GFM, the same micromark the web's react-markdown uses), and every link or image that
// could leave the app is rewritten, whatever its Markdown form: inline `[t](url)`, reference `[t][r]` with
// its `[r]: url` definition, autolinks `<https://…>`, bare URLs and e-mail addresses (GFM literals), raw
// HTML (`<a>`, `<img>`, `<script>`), protocol-relative `//host`, backslash tricks `/\host`, `javascript:`,
// `data:`. Only links to a path of this app stay. The rest of the text is left as written.
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { toString } from 'mdast-util-to-string';
import { gfm } from 'micromark-extension-gfm';

/** What a removed web address becomes. */
export const LINK_REMOVED = '(link removed)';

/**
 * A path of this app: one slash then a path segment (never `//host`, `/\host` or a scheme), only
 * characters a browser does not rewrite (no backslash, space or control character).
 */
const IN_APP =
  /^\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@%]+(?:\/[A-Za-z0-9\-._~!$&'()*+,;=:@%]*)*)?(?:[?#][A-Za-z0-9\-._~!$&'()*+,;=:@%/?#]*)?$/;

export const isInAppUrl = (url: string): boolean => IN_APP.test(url);

const parse = (markdown: string): Root =>
  fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });

/** Text that cannot become markup (the parser reads it back as this text). */
const escapeText = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/[\\`*_{}[\]()<>#+!|~&]/g, (c) => `\\${c}`);

interface Edit {
  start: number;
  end: number;
  text: string;
}

const span = (node: Nodes): [number, number] | null => {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  return start === undefined || end === undefined ? null : [start, end];
};

/** The source of a node's children, as written ("" when it has none). */
function childrenSource(markdown: string, node: Nodes): string {
  if (!('children' in node) || !node.children.length) return '';
  const first = span(node.children[0]!);
  const last = span(node.children[node.children.length - 1]!);
  return first && last ? markdown.slice(first[0], last[1]) : escapeText(toString(node));
}

/** The edits one pass makes: each unsafe node replaced by its text (or the note that a link went). */
function unsafeEdits(markdown: string, root: Root): Edit[] {
  const definitions = new Map<string, string>();
  const collect = (node: Nodes) => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url);
    if ('children' in node) for (const child of node.children) collect(child);
  };
  collect(root);

  const edits: Edit[] = [];
  const replace = (node: Nodes, text: string) => {
    const at = span(node);
    if (at) edits.push({ start: at[0], end: at[1], text });
  };
  const visit = (node: Nodes) => {
    switch (node.type) {
      case 'definition':
        return replace(node, '');
      case 'image':
      case 'imageReference':
        return replace(node, escapeText(node.alt ?? ''));
      case 'html':
        return replace(node, escapeText(node.value.replace(/<!--[\s\S]*?-->|<[^>]*>?/g, '')));
      case 'link': {
        if (isInAppUrl(node.url)) break;
        const at = span(node);
        const written = at ? markdown.slice(at[0], at[1]) : '';
        // `<https://…>` or a bare address: the address is the text. An e-mail stays readable, unlinked.
        if (!written.startsWith('[')) {
          const email = node.url.startsWith('mailto:') ? toString(node) : null;
          return replace(node, email?.includes('@') ? escapeText(email.replace(/@/g, ' at ')) : LINK_REMOVED);
        }
        return replace(node, childrenSource(markdown, node));
      }
      case 'linkReference': {
        const url = definitions.get(node.identifier);
        const text = childrenSource(markdown, node);
        return replace(node, url !== undefined && isInAppUrl(url) ? `[${text}](<${url}>)` : text);
      }
      default:
        break;
    }
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(root);
  return edits;
}

/** Plain text with no markup and no web address: the last resort when rewriting does not settle. */
function plainText(markdown: string): string {
  return escapeText(
    toString(parse(markdown))
      .replace(/\b(?:[a-z][a-z0-9+.-]*:\/*|www\.)[^\s]*/gi, LINK_REMOVED)
      .replace(/@/g, ' at '),
  );
}

/**
 * The markdown with only in-app links left: unsafe links keep their text, images their alt text, raw
 * HTML its text without tags; definitions go. Repeated until a parse finds nothing to rewrite (a rewrite
 * can reveal another: an image inside a link, an address in an alt text).
 */
export function keepInAppLinks(markdown: string): string {
  let current = markdown;
  for (let pass = 0; pass < 8; pass += 1) {
    const edits = unsafeEdits(current, parse(current));
    if (!edits.length) return current.trim();
    edits.sort((a, b) => b.start - a.start);
    for (const edit of edits) current = current.slice(0, edit.start) + edit.text + current.slice(edit.end);
  }
  return unsafeEdits(current, parse(current)).length ? plainText(current).trim() : current.trim();
}
