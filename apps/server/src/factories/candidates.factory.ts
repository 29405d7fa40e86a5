import type { Db } from '../db/client';
import { insertCandidateRow, insertCandidateRows } from '../modules/candidates/candidates.repository';
import type { CandidateRow, CandidateValues } from '../modules/candidates/candidates.table';

let sequence = 0;

/** Plain data for a candidate row; unique email and phone unless overridden. */
export function buildCandidate(overrides: Partial<CandidateValues> = {}): CandidateValues {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${sequence}`;
  return {
    firstName: 'Casey',
    lastName: `Candidate ${sequence}`,
    email: `candidate-${tag}@example.test`,
    phone: `+1 555 ${String(1_000_000 + ((Date.now() + sequence * 7919) % 9_000_000)).slice(0, 7)}`,
    location: 'Seattle, WA',
    currentTitle: 'Software Engineer',
    currentCompany: `Company ${tag}`,
    skills: ['TypeScript', 'PostgreSQL'],
    yearsExperience: 5,
    desiredSalary: '120000',
    status: 'active',
    source: 'LinkedIn',
    ...overrides,
  };
}

export function insertCandidate(db: Db, overrides: Partial<CandidateValues> = {}): Promise<CandidateRow> {
  return insertCandidateRow(db, buildCandidate(overrides));
}

/** Fast bulk insert: multi-row inserts of 1,000. */
export function insertCandidates(db: Db, rows: CandidateValues[]): Promise<void> {
  return insertCandidateRows(db, rows);
}
