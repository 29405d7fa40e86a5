import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiQueryError } from './base-api';

/**
 * Puts the server's per-field messages (`fields` of the error body) on the form's fields; returns true
 * when at least one was shown there, so the caller can skip a banner that would repeat it.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  names: readonly Path<T>[],
): boolean {
  const fields = (error as ApiQueryError | undefined)?.fields;
  if (!fields) return false;
  let applied = false;
  for (const name of names) {
    const message = fields[name]?.[0];
    if (message) {
      setError(name, { type: 'server', message });
      applied = true;
    }
  }
  return applied;
}
