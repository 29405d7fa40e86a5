import { useCallback, useRef, useState } from 'react';

/**
 * The page the body is drawn in: no script may run (the iframe's sandbox has no allow-scripts, and the CSP
 * says so again), links open in a new tab, remote content is limited to images.
 */
export function bodyDocument(html: string, dark: boolean): string {
  const colors = dark ? 'color:#e5e7eb;background:transparent;' : 'color:#111827;background:transparent;';
  return [
    '<!doctype html><html><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src https: data:; style-src 'unsafe-inline'">`,
    '<base target="_blank">',
    `<style>body{margin:0;font:14px/1.5 system-ui,sans-serif;${colors}word-wrap:break-word}img{max-width:100%;height:auto}a{color:${dark ? '#93c5fd' : '#2563eb'}}blockquote{margin:0 0 0 .5em;padding-left:.75em;border-left:2px solid #9ca3af}</style>`,
    '</head><body>',
    html,
    '</body></html>',
  ].join('');
}

/**
 * A message's HTML body. The server sanitises it; it is still drawn in a sandboxed iframe (its own
 * document: no script runs, its styles cannot leak into the app), grown to its content's height.
 */
export function MessageBody({ html, title }: { html: string; title: string }) {
  const ref = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(120);
  const dark = typeof document !== 'undefined' && document.documentElement.classList.contains('dark');
  const fit = useCallback(() => {
    const doc = ref.current?.contentDocument;
    if (doc?.body) setHeight(Math.min(Math.max(doc.body.scrollHeight + 8, 60), 2000));
  }, []);
  return (
    <iframe
      ref={ref}
      title={title}
      // allow-same-origin (without allow-scripts) only lets this page measure the content's height.
      sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      srcDoc={bodyDocument(html, dark)}
      onLoad={fit}
      style={{ height }}
      className="w-full rounded-md border-0 bg-transparent"
    />
  );
}
