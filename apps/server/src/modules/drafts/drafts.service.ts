// The assistant drafts (issue 33): a request in the user's words becomes a message draft for the compose
// window. The built-in drafter fills templates from the data; with a configured model (and record-level data
// allowed to leave, AI_DATA_SCOPE=all) the model rewrites the body from the same facts. Nothing is sent here.
import type { Draft, DraftKind, DraftRequest } from '@recruitdesk/contracts/drafts';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { moneyVisibleTo } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import { buildClientUpdate, buildFollowUp, buildSubmittal, MissingForDraft } from './draft-builders';
import { resolveDraftRecords, type DraftRecords } from './draft-records';
import { polishWithModel } from './draft-model';

const KIND_CUES: Array<[DraftKind, RegExp]> = [
  [
    'follow_up',
    /\bfollow[\s-]?ups?\b|\bchase\b|\bhaven'?t (?:answered|replied|responded)|\bno (?:reply|answer|response)\b|\bnot (?:answered|replied)/i,
  ],
  ['submittal', /\bsubmi(?:t|ttal|ssion)\b|\bput (?:\w+ )*forward\b|\bpresent\b|\bintroduc/i],
  ['client_update', /\bupdate\b|\bstatus report\b|\bprogress report\b|\bweekly\b|\bthis week'?s?\b|\brecap\b/i],
];

/** Which draft the request asks for; with no cue, what the records say (a candidate and a role: a submittal). */
export function draftKindOf(
  request: string,
  records: Pick<DraftRecords, 'candidate' | 'role' | 'client'>,
): DraftKind | null {
  for (const [kind, cue] of KIND_CUES) if (cue.test(request)) return kind;
  if (records.candidate && records.role) return 'submittal';
  if (records.client && !records.candidate) return 'client_update';
  return null;
}

export async function draftMessage(deps: Deps, user: UserRow, input: DraftRequest): Promise<Draft> {
  assertCan(user, 'records.write');
  const records = await resolveDraftRecords(deps, user, input);
  const kind = draftKindOf(input.request, records);
  if (!kind)
    throw new AppError(
      'DRAFT_NOT_UNDERSTOOD',
      400,
      'I can draft a submittal ("draft a submittal of Jane Doe to the Data Engineer role"), a client update ("this week\'s update for Acme") or a follow-up ("follow up with candidates who haven\'t answered in 7 days").',
      { fields: { request: ['Say which draft you want.'] } },
    );
  const subject = {
    db: deps.db,
    user,
    now: deps.config.now(),
    salaryVisible: await moneyVisibleTo(deps.db, user),
  };
  try {
    const built =
      kind === 'submittal'
        ? await buildSubmittal(subject, records)
        : kind === 'client_update'
          ? await buildClientUpdate(subject, records)
          : await buildFollowUp(subject, records, input.request);
    const polished = await polishWithModel(deps, input.request, built);
    return polished ?? { ...built, engine: 'builtin' };
  } catch (error) {
    if (error instanceof MissingForDraft)
      throw new AppError('DRAFT_NEEDS_MORE', 400, error.message, { fields: { request: [error.message] } });
    throw error;
  }
}
