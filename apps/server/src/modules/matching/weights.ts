import { DEFAULT_MATCH_WEIGHTS, MatchWeightsSchema, type MatchWeights } from '@recruitdesk/contracts/matching';

/** Saved weights, each factor falling back to its default (a factor added later has none saved). */
export function weightsOfSaved(saved: unknown): MatchWeights {
  const parsed = MatchWeightsSchema.partial().safeParse(saved ?? {});
  return { ...DEFAULT_MATCH_WEIGHTS, ...(parsed.success ? parsed.data : {}) };
}
