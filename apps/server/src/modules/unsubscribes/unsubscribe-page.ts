import { escapeHtml } from '../../lib/message-html';
import { PUBLIC_PAGE_STYLE } from '../../lib/public-page-style';

/** The public unsubscribe pages: plain HTML, no scripts, nothing about the agency's records. */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title>
<style>${PUBLIC_PAGE_STYLE}</style></head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<div class="card">
${body}
</div>
</main>
</body>
</html>
`;
}

/** Hides most of the address: the page shows whose link it is without spelling it out to anyone holding it. */
export function maskAddress(address: string): string {
  const [local = '', domain = ''] = address.split('@');
  return `${local.slice(0, 2)}${'•'.repeat(Math.max(1, local.length - 2))}@${domain}`;
}

export function renderConfirm(agency: string, address: string): string {
  return page(
    'Unsubscribe',
    `<p>Stop emails from ${escapeHtml(agency)} to ${escapeHtml(maskAddress(address))}?</p>
<form method="post"><button type="submit" name="confirm" value="1">Unsubscribe</button></form>`,
  );
}

export function renderDone(agency: string, address: string): string {
  return page(
    'You are unsubscribed',
    `<p>${escapeHtml(agency)} will send no more emails to ${escapeHtml(maskAddress(address))}.</p>`,
  );
}

export function renderInvalid(): string {
  return page('Link not valid', '<p>This unsubscribe link is not valid. Use the link from the email itself.</p>');
}
