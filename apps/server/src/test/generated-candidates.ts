import type { Db } from '../db/client';
import { insertCandidates } from '../factories/candidates.factory';
import { generateCandidates, type GenerateOptions } from '../modules/demo/candidate-generator';

/** `count` generated (realistic, deterministic) candidates, bulk inserted. */
export function insertGeneratedCandidates(db: Db, count: number, options: GenerateOptions = {}): Promise<void> {
  return insertCandidates(db, generateCandidates(count, options));
}
