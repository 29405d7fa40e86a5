import { Fragment } from 'react';

/**
 * `text` with the given [start, end) ranges wrapped in <mark> (ranges in order, not overlapping, as the
 * server sends them). The text is rendered as text: no HTML from the server.
 */
export function HighlightedText({
  text,
  highlights,
}: {
  text: string;
  highlights: ReadonlyArray<readonly [number, number]>;
}) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  highlights.forEach(([start, end], index) => {
    if (start < at || end <= start || end > text.length) return;
    if (start > at) parts.push(<Fragment key={`t${index}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <mark
        key={`m${index}`}
        className="rounded-sm bg-amber-100 px-0.5 font-medium text-gray-900 dark:bg-amber-400/25 dark:text-amber-100"
      >
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  });
  if (at < text.length) parts.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
