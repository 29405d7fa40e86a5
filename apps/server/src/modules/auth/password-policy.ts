import { readFileSync } from 'node:fs';
import { NewPasswordSchema } from '@recruitdesk/contracts/passwords';

let commonPasswords: Set<string> | undefined;

/** The bundled list (10,000 most common passwords of 8+ characters, from zxcvbn's frequency list). */
function common(): Set<string> {
  if (!commonPasswords) {
    // The build copies the list beside dist/server.js, so this relative URL works for source and bundle.
    const text = readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8');
    commonPasswords = new Set(
      text
        .split('\n')
        .map((line) => line.trim().toLowerCase())
        .filter(Boolean),
    );
  }
  return commonPasswords;
}

export interface PasswordOwner {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

export const PASSWORD_MESSAGES = {
  common: 'This password is too common.',
  similar: 'The password is too similar to your email address or name.',
} as const;

/**
 * The whole password policy (security §7): the contract's shape rules plus the checks that need data.
 * Returns the messages for `fields.new_password` (empty when the password is acceptable). Reused by
 * reset, change-password and registration.
 */
export function checkPasswordPolicy(password: string, owner: PasswordOwner): string[] {
  const shape = NewPasswordSchema.safeParse(password);
  const messages = shape.success ? [] : shape.error.issues.map((issue) => issue.message);
  const lower = password.toLowerCase();
  if (common().has(lower)) messages.push(PASSWORD_MESSAGES.common);

  const localPart = (owner.email ?? '').split('@')[0] ?? '';
  const parts = [localPart, ...localPart.split(/[._+-]/), owner.firstName ?? '', owner.lastName ?? '']
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part.length >= 3);
  if (parts.some((part) => lower.includes(part) || part.includes(lower))) messages.push(PASSWORD_MESSAGES.similar);
  return messages;
}
