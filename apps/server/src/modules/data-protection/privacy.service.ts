import type { DataRequestKind, LegalBasis } from '@recruitdesk/contracts/data-protection';
import { and, count, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { recordActivity } from '../activity/activity.service';
import { recordLegalBasis, requireCandidateRow, setCandidateFieldsRow } from '../candidates/candidates.service';
import { candidatesTable } from '../candidates/candidates.table';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { addMonths, getAgencySettings, getRetentionSettings } from '../settings/settings.service';
import { dataProtectionRequestsTable } from './data-protection.table';
import { fileRequest } from './data-protection.service';
import type { PrivacyStatus, PrivacyView } from './privacy-page';

// What the self-service privacy page does (issue 34): the token in its address names the candidate (decision 121);
// every change is logged with the candidate's id only, and requests land on the data protection page.

export const PRIVACY_ACTIONS = ['correct', 'renew', 'withdraw', 'access', 'erasure'] as const;
export type PrivacyAction = (typeof PRIVACY_ACTIONS)[number];

/** The consent a person gives by pressing "Keep my profile" on the page. */
export const renewalConsentText = (agency: string) =>
  `I ask ${agency} to keep my profile and to contact me about roles that suit me.`;

/** Whether the person can use the page: their record exists and was not erased. */
export async function privacySubject(db: Db, candidateId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: candidatesTable.id })
    .from(candidatesTable)
    .where(and(eq(candidatesTable.id, candidateId), isNull(candidatesTable.erasedAt)));
  return Boolean(row);
}

export async function privacyView(deps: Deps, candidateId: number): Promise<PrivacyView> {
  const row = await requireCandidateRow(deps.db, candidateId);
  const [{ agency_name: agencyName }, [pipelines], open] = await Promise.all([
    getAgencySettings(deps.db),
    deps.db.select({ value: count() }).from(pipelinesTable).where(eq(pipelinesTable.candidateId, candidateId)),
    openRequestKinds(deps.db, candidateId),
  ]);
  return {
    agencyName,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    location: row.location,
    currentTitle: row.currentTitle,
    currentCompany: row.currentCompany,
    hasResume: Boolean(row.resumeKey),
    pipelines: pipelines?.value ?? 0,
    legalBasis: row.legalBasis as LegalBasis,
    legalBasisAt: row.legalBasisAt,
    consentText: row.consentText,
    expiresAt: row.legalBasisExpiresAt,
    withdrawn: row.consentWithdrawnAt !== null,
    openRequests: open,
  };
}

async function openRequestKinds(db: Db, candidateId: number): Promise<DataRequestKind[]> {
  const rows = await db
    .select({ kind: dataProtectionRequestsTable.kind })
    .from(dataProtectionRequestsTable)
    .where(
      and(eq(dataProtectionRequestsTable.candidateId, candidateId), eq(dataProtectionRequestsTable.status, 'open')),
    );
  return [...new Set(rows.map((row) => row.kind as DataRequestKind))];
}

const text = (value: string | undefined, max: number) =>
  (value ?? '')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, max + 1);

/** Validates the correction form: the names are required; nothing longer than the form allows. */
export function correctionOf(form: URLSearchParams): { values: Record<string, string>; error: string | null } {
  const values = {
    firstName: text(form.get('first_name') ?? undefined, 100),
    lastName: text(form.get('last_name') ?? undefined, 100),
    phone: text(form.get('phone') ?? undefined, 50),
    location: text(form.get('location') ?? undefined, 200),
  };
  if (!values.firstName || !values.lastName) return { values, error: 'Enter your first and last name.' };
  if (values.firstName.length > 100 || values.lastName.length > 100)
    return { values, error: 'Names are at most 100 characters.' };
  if (values.phone.length > 50) return { values, error: 'The phone number is at most 50 characters.' };
  if (values.phone && !/^[0-9+()./ -]+$/.test(values.phone))
    return { values, error: 'Use digits, spaces and + ( ) - . / in the phone number.' };
  if (values.location.length > 200) return { values, error: 'The location is at most 200 characters.' };
  return { values, error: null };
}

/** One of the page's POSTs; answers the status line the page shows. */
export async function privacyAction(
  deps: Deps,
  candidateId: number,
  action: PrivacyAction,
  form: URLSearchParams,
): Promise<PrivacyStatus> {
  const now = deps.config.now();
  const log = (tx: Db, summary: string) =>
    recordActivity(tx, {
      actor: null,
      verb: 'updated',
      modelType: 'candidate',
      objectId: candidateId,
      scope: { candidateId },
      summary: `Candidate #${candidateId} ${summary} on the privacy page`,
    });
  switch (action) {
    case 'correct': {
      const { values, error } = correctionOf(form);
      if (error) return { ok: false, text: error };
      await inTransaction(deps.db, async (tx) => {
        const before = await requireCandidateRow(tx, candidateId);
        const changed = (['firstName', 'lastName', 'phone', 'location'] as const).filter(
          (key) => before[key] !== values[key],
        );
        if (changed.length === 0) return;
        await setCandidateFieldsRow(tx, candidateId, values, now);
        await fileRequest(tx, {
          candidateId,
          kind: 'rectification',
          channel: 'self_service',
          status: 'done',
          note: `Corrected on the privacy page: ${changed.join(', ')}`,
          now,
        });
        await log(tx, 'corrected their details');
      });
      return { ok: true, text: 'Thank you: your details are corrected.' };
    }
    case 'renew': {
      const [{ retention_months: months }, { agency_name: agency }] = await Promise.all([
        getRetentionSettings(deps.db),
        getAgencySettings(deps.db),
      ]);
      await inTransaction(deps.db, async (tx) => {
        await recordLegalBasis(tx, candidateId, {
          legalBasis: 'consent',
          legalBasisSource: 'email',
          legalBasisAt: now,
          consentText: renewalConsentText(agency),
          legalBasisExpiresAt: addMonths(now, months),
          consentWithdrawnAt: null,
        });
        await log(tx, 'renewed their consent');
      });
      return {
        ok: true,
        text: `Thank you: we keep your profile until ${addMonths(now, months).toISOString().slice(0, 10)}.`,
      };
    }
    case 'withdraw': {
      await inTransaction(deps.db, async (tx) => {
        await tx.update(candidatesTable).set({ consentWithdrawnAt: now }).where(eq(candidatesTable.id, candidateId));
        await fileOnce(tx, candidateId, 'withdraw_consent', now);
        await log(tx, 'withdrew their consent');
      });
      return {
        ok: true,
        text: 'Your consent is withdrawn. We no longer use your profile for new roles, and will erase it unless the law requires us to keep it.',
      };
    }
    case 'access':
    case 'erasure': {
      const filed = await inTransaction(deps.db, (tx) => fileOnce(tx, candidateId, action, now));
      if (!filed)
        return { ok: true, text: 'We already have this request from you; we answer within 30 days of receiving it.' };
      return {
        ok: true,
        text:
          action === 'access'
            ? 'Thank you: we will send you a copy of your data within 30 days.'
            : 'Thank you: we will erase your data within 30 days, and tell you when it is done.',
      };
    }
  }
}

/** Files the request unless one of the same kind is open for the person (a double click files one). */
async function fileOnce(tx: Db, candidateId: number, kind: DataRequestKind, now: Date): Promise<boolean> {
  await tx
    .select({ id: candidatesTable.id })
    .from(candidatesTable)
    .where(eq(candidatesTable.id, candidateId))
    .for('update');
  const open = await openRequestKinds(tx, candidateId);
  if (open.includes(kind)) return false;
  await fileRequest(tx, { candidateId, kind, channel: 'self_service', now });
  return true;
}
