import type {
  CreateSharesInputParsed,
  CreateSharesResponse,
  RenewShareResponse,
  Share,
} from '@recruitdesk/contracts/shares';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import { randomToken, sha256 } from '../../lib/crypto';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { escapeHtml } from '../../lib/html';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { clientContactsTable } from '../contacts/contacts.table';
import { messageBody, queueOutboundMessage, sendingIdentity } from '../messages/outbox.service';
import { pipelinesTable } from '../pipelines/pipelines.table';
import { requireRoleRow } from '../roles/roles.service';
import { getAgencySettings, moneyVisibleTo } from '../settings/settings.service';
import { displayName, type UserRow } from '../users/users.service';
import {
  findShareRow,
  insertShareCandidateRows,
  insertShareRow,
  listShareCandidateRows,
  listShareEventRows,
  listShareRows,
  updateShareRow,
  type ShareListRow,
} from './shares.repository';
import type { PortalShareRow } from './shares.table';

// The recruiter's side of the shortlist portal (issue 35): share, list, revoke, renew.

const DAY_MS = 24 * 60 * 60 * 1000;
const contactName = (contact: { firstName: string; lastName: string; email: string }) =>
  `${contact.firstName} ${contact.lastName}`.trim() || contact.email;

const badField = (code: string, field: string, message: string) =>
  new AppError(code, 400, message, { fields: { [field]: [message] } });
export const shareNotFound = () => new AppError('SHARE_NOT_FOUND', 404, 'This share does not exist.');

/** A new link: the token goes into the email only; the share keeps its SHA-256. */
function newToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: sha256(token) };
}

export const portalUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/+$/, '')}/portal/${token}`;

function statusOf(share: PortalShareRow, now: Date): Share['status'] {
  if (share.revokedAt) return 'revoked';
  return share.expiresAt.getTime() <= now.getTime() ? 'expired' : 'active';
}

/** The shares as the recruiter sees them: who, when sent, opened, each candidate viewed and decided. */
async function presentShares(db: Db, rows: ShareListRow[], now: Date): Promise<Share[]> {
  const ids = rows.map((row) => row.share.id);
  const [candidates, events] = await Promise.all([listShareCandidateRows(db, ids), listShareEventRows(db, ids)]);
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  return rows.map(({ share, contact, createdBy }) => ({
    id: share.id,
    role_id: share.roleId,
    contact: { id: contact.id, name: contactName(contact), email: contact.email },
    created_by: createdBy ? { id: createdBy.id, name: displayName(createdBy) } : null,
    created_at: share.createdAt.toISOString(),
    expires_at: share.expiresAt.toISOString(),
    revoked_at: iso(share.revokedAt),
    opened_at: iso(share.openedAt),
    last_opened_at: iso(share.lastOpenedAt),
    status: statusOf(share, now),
    show_salary: share.showSalary,
    remove_contact_details: share.removeContactDetails,
    candidates: candidates
      .filter((row) => row.item.shareId === share.id)
      .map(({ item, candidate }) => ({
        pipeline_id: item.pipelineId,
        candidate: { id: candidate.id, name: `${candidate.firstName} ${candidate.lastName}`.trim() },
        pitch: item.pitch,
        first_viewed_at: iso(item.firstViewedAt),
        last_viewed_at: iso(item.lastViewedAt),
        decision: (item.decision as 'approved' | 'rejected' | null) ?? null,
        decision_at: iso(item.decisionAt),
        decision_detail: item.decisionDetail,
      })),
    events: events
      .filter((row) => row.shareId === share.id)
      .map((row) => ({
        id: row.id,
        action: row.action as Share['events'][number]['action'],
        pipeline_id: row.pipelineId,
        detail: row.detail,
        created_at: row.createdAt.toISOString(),
      })),
  }));
}

async function presentShareIds(deps: Deps, ids: number[]): Promise<Share[]> {
  return presentShares(deps.db, await listShareRows(deps.db, { ids }), deps.config.now());
}

interface LinkMail {
  sharer: UserRow;
  contact: { firstName: string; lastName: string; email: string };
  roleName: string;
  url: string;
  expiresAt: Date;
  candidates: number;
  message: string;
  renewed: boolean;
}

/** The email with the contact's link, queued in the caller's transaction. */
async function queueLinkMail(deps: Deps, tx: Db, mail: LinkMail): Promise<void> {
  const settings = await getAgencySettings(tx);
  const agency = settings.agency_name;
  const who = mail.contact.firstName || contactName(mail.contact);
  const what = mail.renewed
    ? `Here is a new link to the candidates for ${mail.roleName}; the earlier one no longer works.`
    : `${displayName(mail.sharer)} of ${agency} shares ${mail.candidates === 1 ? 'a candidate' : `${mail.candidates} candidates`} for ${mail.roleName} with you.`;
  const expires = mail.expiresAt.toISOString().slice(0, 10);
  const html = [
    `<p>Hello ${escapeHtml(who)},</p>`,
    `<p>${escapeHtml(what)}</p>`,
    mail.message ? `<p>${escapeHtml(mail.message)}</p>` : '',
    `<p><a href="${escapeHtml(mail.url)}">See the candidates</a></p>`,
    `<p>You can invite a candidate to interview, decline with a reason or comment there, on your phone too. The link is for you only and works until ${expires}.</p>`,
  ].join('');
  const { bodyHtml, bodyText } = messageBody(html);
  await queueOutboundMessage(tx, deps.jobs, {
    authorId: mail.sharer.id,
    ...sendingIdentity(deps.config.mailFrom, mail.sharer, agency),
    to: [{ name: contactName(mail.contact), address: mail.contact.email }],
    subject: mail.renewed ? `A new link: candidates for ${mail.roleName}` : `Candidates for ${mail.roleName}`,
    bodyHtml,
    bodyText,
  });
}

/**
 * POST /api/roles/{id}/shares/: one share per contact (each of the role's client, with an email address), each
 * with the chosen pipelines of this role and their pitches, and one email each with its own link.
 */
export async function createShares(
  deps: Deps,
  actor: UserRow,
  roleId: number,
  input: CreateSharesInputParsed,
  appUrl: string,
): Promise<Omit<CreateSharesResponse, 'success'>> {
  assertCan(actor, 'records.write');
  const role = await requireRoleRow(deps.db, roleId);
  if (input.show_salary && !(await moneyVisibleTo(deps.db, actor)))
    throw badField('SALARY_NOT_ALLOWED', 'show_salary', 'Your agency does not let you share salary expectations.');
  const contactIds = [...new Set(input.contact_ids)];
  const contacts = await deps.db
    .select()
    .from(clientContactsTable)
    .where(and(inArray(clientContactsTable.id, contactIds), eq(clientContactsTable.clientId, role.clientId)));
  if (contacts.length !== contactIds.length)
    throw badField('CONTACT_NOT_OF_CLIENT', 'contact_ids', "Choose contacts of this role's client.");
  for (const contact of contacts) {
    if (contact.leftCompany)
      throw badField('CONTACT_LEFT', 'contact_ids', `${contactName(contact)} has left the company.`);
    if (!contact.email)
      throw badField('CONTACT_NO_EMAIL', 'contact_ids', `${contactName(contact)} has no email address.`);
  }
  const seen = new Set<number>();
  const chosen = input.candidates.filter((item) => !seen.has(item.pipeline_id) && seen.add(item.pipeline_id));
  const pipelines = await deps.db
    .select({ id: pipelinesTable.id })
    .from(pipelinesTable)
    .where(
      and(
        inArray(
          pipelinesTable.id,
          chosen.map((item) => item.pipeline_id),
        ),
        eq(pipelinesTable.roleId, roleId),
      ),
    );
  if (pipelines.length !== chosen.length)
    throw badField('PIPELINE_NOT_OF_ROLE', 'candidates', 'Choose candidates in this role’s pipeline.');

  const now = deps.config.now();
  const expiresAt = new Date(now.getTime() + input.expires_in_days * DAY_MS);
  const links = await inTransaction(deps.db, async (tx) => {
    const made: CreateSharesResponse['links'] = [];
    for (const contact of contacts) {
      const { token, tokenHash } = newToken();
      const share = await insertShareRow(tx, {
        roleId,
        contactId: contact.id,
        tokenHash,
        showSalary: input.show_salary,
        removeContactDetails: input.remove_contact_details,
        expiresAt,
        createdById: actor.id,
        createdAt: now,
        updatedAt: now,
      });
      await insertShareCandidateRows(
        tx,
        share.id,
        chosen.map((item) => ({ pipelineId: item.pipeline_id, pitch: item.pitch })),
      );
      const url = portalUrl(appUrl, token);
      await queueLinkMail(deps, tx, {
        sharer: actor,
        contact,
        roleName: role.name,
        url,
        expiresAt,
        candidates: chosen.length,
        message: input.message,
        renewed: false,
      });
      await recordActivity(tx, {
        actor,
        verb: 'shortlist_shared',
        modelType: 'role',
        objectId: roleId,
        summary: `Shared ${chosen.length} candidate${chosen.length === 1 ? '' : 's'} for ${role.name} with ${contactName(contact)}`,
        scope: { clientId: role.clientId, roleId },
      });
      made.push({ share_id: share.id, contact_id: contact.id, url });
    }
    return made;
  });
  return {
    shares: await presentShareIds(
      deps,
      links.map((link) => link.share_id),
    ),
    links,
  };
}

/** GET /api/roles/{id}/shares/: every share of the role, newest first. */
export async function listShares(deps: Deps, actor: UserRow, roleId: number): Promise<Share[]> {
  assertCan(actor, 'records.read');
  await requireRoleRow(deps.db, roleId);
  return presentShares(deps.db, await listShareRows(deps.db, { roleId }), deps.config.now());
}

async function requireShare(deps: Deps, id: number): Promise<PortalShareRow> {
  const share = await findShareRow(deps.db, id);
  if (!share) throw shareNotFound();
  return share;
}

/** DELETE /api/shares/{id}/: the link stops working at once (the share and its history stay). */
export async function revokeShare(deps: Deps, actor: UserRow, id: number): Promise<Share> {
  assertCan(actor, 'records.write');
  const share = await requireShare(deps, id);
  if (!share.revokedAt) {
    const now = deps.config.now();
    await inTransaction(deps.db, async (tx) => {
      await updateShareRow(tx, id, { revokedAt: now, updatedAt: now });
      await recordActivity(tx, {
        actor,
        verb: 'shortlist_revoked',
        modelType: 'role',
        objectId: share.roleId,
        summary: `Revoked a shortlist link (share #${id})`,
        scope: { roleId: share.roleId },
      });
    });
  }
  return (await presentShareIds(deps, [id]))[0]!;
}

/** POST /api/shares/{id}/renew/: a new token (the old link stops working), a new expiry, emailed to the contact. */
export async function renewShare(
  deps: Deps,
  actor: UserRow,
  id: number,
  days: number,
  appUrl: string,
): Promise<Omit<RenewShareResponse, 'success'>> {
  assertCan(actor, 'records.write');
  const share = await requireShare(deps, id);
  const role = await requireRoleRow(deps.db, share.roleId);
  const [contact] = await deps.db.select().from(clientContactsTable).where(eq(clientContactsTable.id, share.contactId));
  if (!contact?.email || contact.leftCompany)
    throw new AppError('CONTACT_UNREACHABLE', 409, 'This contact has no email address or has left the company.');
  const now = deps.config.now();
  const { token, tokenHash } = newToken();
  const expiresAt = new Date(now.getTime() + days * DAY_MS);
  const url = portalUrl(appUrl, token);
  await inTransaction(deps.db, async (tx) => {
    await updateShareRow(tx, id, { tokenHash, expiresAt, revokedAt: null, updatedAt: now });
    const count = (await listShareCandidateRows(tx, [id])).length;
    await queueLinkMail(deps, tx, {
      sharer: actor,
      contact,
      roleName: role.name,
      url,
      expiresAt,
      candidates: count,
      message: '',
      renewed: true,
    });
    await recordActivity(tx, {
      actor,
      verb: 'shortlist_renewed',
      modelType: 'role',
      objectId: share.roleId,
      summary: `Sent ${contactName(contact)} a new shortlist link for ${role.name}`,
      scope: { clientId: role.clientId, roleId: role.id },
    });
  });
  return {
    share: (await presentShareIds(deps, [id]))[0]!,
    link: { share_id: id, contact_id: contact.id, url },
  };
}
