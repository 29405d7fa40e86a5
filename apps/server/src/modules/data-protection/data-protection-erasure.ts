import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { ErasureContext } from '../personal-data/personal-data.service';
import { dataProtectionRequestsTable } from './data-protection.table';

/**
 * Erasure's step in the requests (issue 34): notes about the erased person lose their name, email and phone; an
 * open erasure request is done by the erasure itself. The requests stay (proof the agency answered in time).
 */
export async function scrubRequestsOf(tx: Db, context: ErasureContext): Promise<void> {
  const rows = await tx
    .select({ id: dataProtectionRequestsTable.id, note: dataProtectionRequestsTable.note })
    .from(dataProtectionRequestsTable)
    .where(eq(dataProtectionRequestsTable.candidateId, context.candidateId));
  for (const row of rows) {
    const note = context.scrub(row.note, true);
    if (note !== row.note)
      await tx.update(dataProtectionRequestsTable).set({ note }).where(eq(dataProtectionRequestsTable.id, row.id));
  }
  await tx
    .update(dataProtectionRequestsTable)
    .set({ status: 'done', decidedAt: sql`now()` })
    .where(
      and(
        eq(dataProtectionRequestsTable.candidateId, context.candidateId),
        eq(dataProtectionRequestsTable.kind, 'erasure'),
        eq(dataProtectionRequestsTable.status, 'open'),
      ),
    );
}
