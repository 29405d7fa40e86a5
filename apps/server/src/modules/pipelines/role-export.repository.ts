import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { candidatesTable } from '../candidates/candidates.table';
import { personNameColumns, usersTable } from '../users/users.table';
import { ROLE_CANDIDATES_ORDER } from './pipelines.repository';
import { pipelinesTable, placementsTable, submittalsTable } from './pipelines.table';

/** One spreadsheet row per pipeline of the role: the candidate, the latest submittal and the placement. */
export async function listRoleExportRows(db: Db, roleId: number) {
  const latest = db
    .select({ submittedOn: submittalsTable.submittedOn, proposedSalary: submittalsTable.proposedSalary })
    .from(submittalsTable)
    .where(eq(submittalsTable.pipelineId, pipelinesTable.id))
    .orderBy(desc(submittalsTable.createdAt), desc(submittalsTable.id))
    .limit(1)
    .as('latest_submittal');
  return (
    db
      .select({
        pipeline: {
          stage: pipelinesTable.stage,
          state: pipelinesTable.state,
          closeReason: pipelinesTable.closeReason,
          createdAt: pipelinesTable.createdAt,
          stageChangedAt: pipelinesTable.stageChangedAt,
        },
        candidate: {
          firstName: candidatesTable.firstName,
          lastName: candidatesTable.lastName,
          email: candidatesTable.email,
          phone: candidatesTable.phone,
          currentTitle: candidatesTable.currentTitle,
          currentCompany: candidatesTable.currentCompany,
        },
        recruiter: personNameColumns,
        submittedOn: latest.submittedOn,
        proposedSalary: latest.proposedSalary,
        placement: { salary: placementsTable.salary, startDate: placementsTable.startDate, fee: placementsTable.fee },
      })
      .from(pipelinesTable)
      .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
      .leftJoin(usersTable, eq(usersTable.id, pipelinesTable.recruiterId))
      .leftJoin(placementsTable, eq(placementsTable.pipelineId, pipelinesTable.id))
      .leftJoinLateral(latest, sql`true`)
      // Candidates restricted from processing (issue 34, "do not process") stay out of the export.
      .where(and(eq(pipelinesTable.roleId, roleId), eq(candidatesTable.processingRestricted, false)))
      .orderBy(...ROLE_CANDIDATES_ORDER)
  );
}
