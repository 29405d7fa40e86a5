import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Waits for .eml files in DATA_DIR/mail (sending is not awaited by the reset endpoint). */
export async function readOutbox(dataDir: string, atLeast = 1, timeoutMs = 5000): Promise<string[]> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort();
    if (files.length >= atLeast) return Promise.all(files.map((name) => readFile(path.join(dir, name), 'utf8')));
    if (Date.now() > deadline) return Promise.all(files.map((name) => readFile(path.join(dir, name), 'utf8')));
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export function extractResetLink(eml: string): { uid: string; token: string; url: string } {
  // Quoted-printable may wrap long lines with a trailing '='.
  const unwrapped = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/\S+\/auth\/reset-password\/([^/\s]+)\/([^/\s]+))/.exec(unwrapped);
  if (!match?.[1] || !match[2] || !match[3]) throw new Error('no reset link in mail');
  return { url: match[1], uid: match[2], token: match[3] };
}

export function extractInvitationLink(eml: string): { token: string; url: string } {
  const unwrapped = eml.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /(https?:\/\/\S+\/auth\/register-from-token\/([A-Za-z0-9_-]+))/.exec(unwrapped);
  if (!match?.[1] || !match[2]) throw new Error('no invitation link in mail');
  return { url: match[1], token: match[2] };
}
