import { existsSync } from 'node:fs';

/** Flags every test browser starts with: as root, on a closed network (stack-notes.md). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

/**
 * The browser the tests drive: `CHROMIUM_PATH` if set, Debian's Chromium when installed, otherwise the
 * Chromium binary shipped inside the `@sparticuz/chromium` npm tarball (extracted to the temp dir on first
 * use; nothing is downloaded), so `npm install && npm test` works on a machine without a system browser.
 * `E2E_BROWSER=packaged` skips Debian's Chromium.
 */
export async function chromiumExecutable(): Promise<string> {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH;
  // CI sets E2E_BROWSER=packaged to prove the fresh-machine path even where Debian's Chromium exists.
  if (process.env.E2E_BROWSER !== 'packaged' && existsSync(SYSTEM_CHROMIUM)) return SYSTEM_CHROMIUM;
  const { default: packaged } = await import('@sparticuz/chromium');
  return packaged.executablePath();
}
