import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { slot } from '../../lib/slot';

/**
 * What the pipelines module tells the roles module at start-up (decision 008): how many pipelines a role
 * has (a delete's blocker) and its placement fees (the payout card), so roles never reads pipelines' tables.
 */
export const pipelineCountOfRole = slot<(db: Db, roleId: number) => Promise<number>>('The pipelines of a role');
export const placementFeesOfRole =
  slot<(db: Db, roleId: number) => Promise<{ currency: string; placements: number; total: string }[]>>(
    'The placement fees of a role',
  );

/**
 * A role's placements as an SQL count over the given role id column (issue 29 item k): a role whose
 * openings are all filled leaves the careers pages and the job feed. Filled by the pipelines module.
 */
export const placementCountSql = slot<(roleId: SQL | AnyPgColumn) => SQL<number>>('The placements of a role');

/** Application counts per role, grouped once and joined into the role list and detail (no query per role). */
export type ApplicationCountsByRole = SubqueryWithSelection<
  { roleId: SQL.Aliased<number>; total: SQL.Aliased<number>; fresh: SQL.Aliased<number> },
  'application_counts'
>;
/** The applications module tells the roles module how many applications each role has (decision 008). */
export const applicationCountsByRole = slot<(db: Db) => ApplicationCountsByRole>('The applications of a role');
