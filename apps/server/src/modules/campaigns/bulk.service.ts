import type { BulkSendResult, BulkSendSchema } from '@recruitdesk/contracts/messages';
import type { z } from 'zod';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { assertCan } from '../../lib/permissions';
import { requireVisibleTemplate } from '../email-templates/email-templates.service';
import { roleFields, senderFields } from '../email-templates/merge-context.service';
import type { MergeContext } from '../email-templates/merge.service';
import type { MessageRecordRef } from '../messages/outbox.service';
import { queueOutboundMessage } from '../messages/outbox.service';
import { unsubscribedAddresses } from '../unsubscribes/unsubscribes.service';
import type { UserRow } from '../users/users.service';
import {
  candidateRecipient,
  draftOf,
  leftOutForFields,
  personalise,
  requireCandidates,
  screenCandidate,
  type LeftOut,
} from './outreach.service';

/** When the n-th message (0-based) of a bulk send may go: spaced evenly at `perMinute`. */
export function throttledSendTime(start: Date, n: number, perMinute: number): Date {
  return new Date(start.getTime() + Math.round((n * 60_000) / perMinute));
}

/**
 * One template to up to 200 candidates, each personalised, queued in one transaction and spaced at
 * MAIL_BULK_PER_MINUTE. Do-not-contact, unsubscribed, no email and missing merge fields are left out and listed.
 */
export async function bulkSend(
  deps: Deps,
  actor: UserRow,
  input: z.output<typeof BulkSendSchema>,
): Promise<BulkSendResult> {
  assertCan(actor, 'records.write');
  const template = await requireVisibleTemplate(deps.db, actor, input.template_id);
  let extra: MergeContext = {};
  const records: MessageRecordRef[] = [];
  if (input.role_id !== undefined) {
    const { clientId, ...fields } = await roleFields(deps.db, input.role_id);
    extra = fields;
    records.push({ recordType: 'role', recordId: input.role_id }, { recordType: 'client', recordId: clientId });
  }
  const sender = await senderFields(deps.db, actor);
  const candidates = await requireCandidates(deps.db, input.candidate_ids);
  const unsubscribed = await unsubscribedAddresses(
    deps.db,
    candidates.map((candidate) => candidate.email),
  );
  const start = input.send_after ? new Date(input.send_after) : deps.config.now();
  const leftOut: LeftOut[] = [];
  const queued = await inTransaction(deps.db, async (tx) => {
    let n = 0;
    for (const candidate of candidates) {
      const screened = screenCandidate(candidate, unsubscribed);
      if (screened) {
        leftOut.push(screened);
        continue;
      }
      const rendered = personalise(template, deps.config, sender, candidate, extra);
      const refused = leftOutForFields(candidate, rendered);
      if (refused) {
        leftOut.push(refused);
        continue;
      }
      const sendAfter = throttledSendTime(start, n, deps.config.mailBulkPerMinute);
      await queueOutboundMessage(
        tx,
        deps.jobs,
        draftOf(
          deps.config.mailFrom,
          sender,
          rendered,
          candidateRecipient(candidate),
          [{ recordType: 'candidate', recordId: candidate.id }, ...records],
          sendAfter,
        ),
      );
      n += 1;
    }
    return n;
  });
  return { queued, left_out: leftOut };
}
