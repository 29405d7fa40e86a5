import type { Db } from '../db/client';
import { insertApplicationRow, insertApplicationRows } from '../modules/applications/applications.repository';
import type { ApplicationRow, NewApplicationRow } from '../modules/applications/applications.table';

let sequence = 0;

/** Plain data for a new application to the given role (no resume unless given). */
export function buildApplication(overrides: Partial<NewApplicationRow> & { roleId: number }): NewApplicationRow {
  sequence += 1;
  const phone = overrides.phone ?? `+1 206 555 ${String(1000 + sequence).slice(-4)}`;
  return {
    firstName: 'Avery',
    lastName: `Applicant${sequence}`,
    email: `applicant${sequence}@example.test`,
    phone,
    phoneDigits: phone.replace(/\D/g, ''),
    consentAt: new Date(),
    source: 'careers_page',
    status: 'new',
    ...overrides,
  };
}

export function insertApplication(
  db: Db,
  overrides: Partial<NewApplicationRow> & { roleId: number },
): Promise<ApplicationRow> {
  return insertApplicationRow(db, buildApplication(overrides));
}

export function insertApplications(db: Db, rows: NewApplicationRow[]): Promise<void> {
  return insertApplicationRows(db, rows);
}
