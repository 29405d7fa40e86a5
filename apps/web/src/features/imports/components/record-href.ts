import { paths } from '@/config/paths';

/** The page of a record an import touched (a duplicate it matched, a record changed since). */
export function recordHref(kind: string, id: number): string | null {
  if (kind === 'candidate' || kind === 'candidates') return paths.app.candidate.getHref(id);
  if (kind === 'client' || kind === 'clients') return paths.app.client.getHref(id);
  if (kind === 'role' || kind === 'roles') return paths.app.role.getHref(id);
  return null;
}
