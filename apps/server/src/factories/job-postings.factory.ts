import type { Db } from '../db/client';
import { insertPostingRows } from '../modules/job-postings/job-postings.repository';
import type { JobPostingRow, NewJobPostingRow } from '../modules/job-postings/job-postings.table';

/** Weekly job-board rows in one insert (tests, demo data). */
export function insertJobPostings(db: Db, rows: NewJobPostingRow[]): Promise<JobPostingRow[]> {
  return insertPostingRows(db, rows);
}
