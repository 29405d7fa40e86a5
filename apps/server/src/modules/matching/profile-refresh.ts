/**
 * Keeping candidate match profiles current: the trigger marks a written candidate's profile stale in the
 * write's own transaction; `refreshStaleProfiles` rebuilds stale ones (before every ranking, so a change is in
 * the next ranking) and `rebuildAllProfiles` every one (npm run matching:rebuild, after an import or restore).
 */
import type { Db } from '../../db/client';
import { candidateSources, candidateSourcesAfter, saveProfiles, staleProfileIds } from './matching.repository';
import { buildCandidateProfile, type CandidateSource } from './profiles';
import type { SkillTerms } from './skill-terms';

const BATCH = 200;
/** How long one ranking may spend rebuilding stale profiles before it ranks (the rest wait for the next). */
export const REFRESH_BUDGET_MS = 1_500;

async function build(db: Db, terms: SkillTerms, sources: CandidateSource[]): Promise<void> {
  await saveProfiles(
    db,
    sources.map((source) => buildCandidateProfile(terms, source)),
    new Date(),
  );
}

/** Rebuilds stale profiles, up to `max` or until `budgetMs` has passed; returns how many it rebuilt. */
export async function refreshStaleProfiles(
  db: Db,
  terms: SkillTerms,
  { max = 5000, budgetMs = REFRESH_BUDGET_MS }: { max?: number; budgetMs?: number } = {},
): Promise<number> {
  const started = Date.now();
  let done = 0;
  while (done < max && Date.now() - started < budgetMs) {
    const ids = await staleProfileIds(db, Math.min(BATCH, max - done));
    if (!ids.length) break;
    await build(db, terms, await candidateSources(db, ids));
    done += ids.length;
    if (ids.length < BATCH) break;
  }
  return done;
}

/** Rebuilds every candidate's profile, in id order; `onProgress` after each batch. */
export async function rebuildAllProfiles(
  db: Db,
  terms: SkillTerms,
  onProgress?: (done: number) => void,
): Promise<number> {
  let after = 0;
  let done = 0;
  for (;;) {
    const sources = await candidateSourcesAfter(db, after, BATCH);
    if (!sources.length) break;
    await build(db, terms, sources);
    done += sources.length;
    after = sources[sources.length - 1]?.id ?? after;
    onProgress?.(done);
  }
  return done;
}
