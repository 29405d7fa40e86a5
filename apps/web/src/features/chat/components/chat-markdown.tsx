import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import { Link } from 'react-router';
import { textLinkClasses } from '@/components/ui/link';

/** An in-app path: starts with one slash (not `//host`), no scheme. */
export function isInAppPath(href: string | undefined): href is string {
  return typeof href === 'string' && /^\/(?!\/)/.test(href) && !href.includes('\\');
}

const COMPONENTS: Components = {
  // Only the app's own pages are links, opened by the router; anything else stays plain text.
  a: ({ href, children }) =>
    isInAppPath(href) ? (
      <Link to={href} className={textLinkClasses} data-chat-link="">
        {children}
      </Link>
    ) : (
      <span>{children}</span>
    ),
  // No images: their description only.
  img: ({ alt }) => (alt ? <span>{alt}</span> : null),
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  h1: ({ children }) => <p className="my-2 font-semibold">{children}</p>,
  h2: ({ children }) => <p className="my-2 font-semibold">{children}</p>,
  h3: ({ children }) => <p className="my-2 font-semibold">{children}</p>,
  h4: ({ children }) => <p className="my-2 font-semibold">{children}</p>,
  code: ({ children }) => (
    <code className="rounded bg-gray-100 px-1 py-0.5 font-mono text-[0.85em] dark:bg-white/10">{children}</code>
  ),
  pre: ({ children }) => <pre className="my-2 overflow-x-auto whitespace-pre-wrap">{children}</pre>,
  blockquote: ({ children }) => (
    <blockquote className="my-2 border-l-2 border-gray-300 pl-3 text-gray-600 dark:border-white/20 dark:text-gray-300">
      {children}
    </blockquote>
  ),
  table: ({ children }) => (
    <div className="my-2 overflow-x-auto rounded-lg ring-1 ring-gray-200 dark:ring-white/10">
      <table className="min-w-full divide-y divide-gray-200 text-left text-xs dark:divide-white/10">{children}</table>
    </div>
  ),
  thead: ({ children }) => <thead className="bg-gray-50 dark:bg-white/5">{children}</thead>,
  tbody: ({ children }) => <tbody className="divide-y divide-gray-100 dark:divide-white/5">{children}</tbody>,
  th: ({ children, style }) => (
    <th
      scope="col"
      style={style}
      className="px-2.5 py-1.5 font-semibold whitespace-nowrap text-gray-900 dark:text-white"
    >
      {children}
    </th>
  ),
  td: ({ children, style }) => (
    <td style={style} className="px-2.5 py-1.5 whitespace-nowrap tabular-nums">
      {children}
    </td>
  ),
};

/** The assistant's answer as sanitised markdown: no raw HTML, no images, in-app links only, styled tables. */
export function ChatMarkdown({ children }: { children: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} skipHtml components={COMPONENTS}>
      {children}
    </Markdown>
  );
}
