import type { Db } from '../../db/client';
import { slot } from '../../lib/slot';

/**
 * What the pipelines module tells the roles module at start-up (decision 008): how many pipelines a role
 * has (a delete's blocker) and its placement fees (the payout card), so roles never reads pipelines' tables.
 */
export const pipelineCountOfRole = slot<(db: Db, roleId: number) => Promise<number>>('The pipelines of a role');
export const placementFeesOfRole = slot<(db: Db, roleId: number) => Promise<{ currency: string; placements: number; total: string }[]>>(
  'The placement fees of a role',
);
