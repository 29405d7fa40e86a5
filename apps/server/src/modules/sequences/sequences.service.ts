import type { Db } from '../../db/client';

/**
 * Stops the sequences these candidates are enrolled in because one of them replied (message `messageId`);
 * returns how many enrolments stopped. Minimal stand-in written by the mailbox sync (issue 33): the campaigns
 * helper's module owns this file and replaces it with the real one.
 */
export async function stopSequencesOnReply(_db: Db, _candidateIds: number[], _messageId: number): Promise<number> {
  return 0;
}
