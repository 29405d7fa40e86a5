import type { Db } from '../db/client';
import { insertRoleRow, insertRoleRows } from '../modules/roles/roles.repository';
import { insertQualificationRows } from '../modules/roles/job-qualifications.repository';
import type { NewJobQualificationRow } from '../modules/roles/job-qualifications.table';
import type { NewRoleRow, RoleRow } from '../modules/roles/roles.table';
import { insertClient } from './clients.factory';

let sequence = 0;

/** Plain data for a role row of the given client. */
export function buildRole(overrides: Partial<NewRoleRow> & { clientId: number }): NewRoleRow {
  sequence += 1;
  return {
    name: `Software Engineer ${sequence}`,
    state: 'open',
    openings: 1,
    location: 'Seattle, WA',
    remoteType: 'hybrid',
    employmentType: 'full_time',
    salaryMin: '120000',
    salaryMax: '150000',
    salaryCurrency: 'USD',
    priority: 'medium',
    openedAt: new Date().toISOString().slice(0, 10),
    ...overrides,
  };
}

/** A role; makes an open finder's fee client when no clientId is given. */
export async function insertRole(db: Db, overrides: Partial<NewRoleRow> = {}): Promise<RoleRow> {
  const clientId = overrides.clientId ?? (await insertClient(db)).id;
  return insertRoleRow(db, buildRole({ ...overrides, clientId }));
}

export function insertRoles(db: Db, rows: NewRoleRow[]): Promise<RoleRow[]> {
  return insertRoleRows(db, rows);
}

/** A role's job qualifications in one insert (demo data). */
export function insertQualifications(db: Db, rows: NewJobQualificationRow[]): Promise<void> {
  return insertQualificationRows(db, rows);
}
