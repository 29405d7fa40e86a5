import type {
  EmailTemplate,
  EmailTemplateInputSchema,
  TemplatePreview,
  TemplatePreviewRequestSchema,
} from '@recruitdesk/contracts/messages';
import type { EmailTemplateListQuerySchema } from '@recruitdesk/contracts/campaigns';
import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError, isForeignKeyViolation } from '../../lib/errors';
import { assertCan, forbidden } from '../../lib/permissions';
import { usersTable } from '../users/users.table';
import { displayName, type UserRow } from '../users/users.service';
import { emailTemplatesTable, type EmailTemplateRow } from './email-templates.table';
import { renderTemplate } from './merge.service';
import { loadMergeContext, senderFields } from './merge-context.service';

// Email templates (issue 33, decision 108): every sender (owner, superuser, recruiter) sees the shared ones and
// their own personal ones; viewers send nothing and are refused. A personal template is its author's alone; a
// shared one is edited by its author, owners and superusers.

type Actor = Pick<UserRow, 'id' | 'userType'>;

const notFound = () => new AppError('TEMPLATE_NOT_FOUND', 404, 'The email template does not exist.');

const isManager = (actor: Actor) => actor.userType.some((type) => type === 'owner' || type === 'superuser');

/** Whether the actor sees the template at all (personal ones only their author). */
export const canSeeTemplate = (actor: Actor, row: Pick<EmailTemplateRow, 'scope' | 'ownerId'>) =>
  row.scope === 'shared' || row.ownerId === actor.id;

export const canEditTemplate = (actor: Actor, row: Pick<EmailTemplateRow, 'scope' | 'ownerId'>) =>
  row.scope === 'personal' ? row.ownerId === actor.id : row.ownerId === actor.id || isManager(actor);

const visibleTo = (actor: Actor): SQL =>
  or(eq(emailTemplatesTable.scope, 'shared'), eq(emailTemplatesTable.ownerId, actor.id))!;

type OwnerName = { id: number; firstName: string; lastName: string; username: string; email: string } | null;

function toApiTemplate(actor: Actor, row: EmailTemplateRow, owner: OwnerName): EmailTemplate {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    purpose: row.purpose,
    subject: row.subject,
    body_html: row.bodyHtml,
    owner: owner ? { id: owner.id, name: displayName(owner) } : null,
    updated_at: row.updatedAt.toISOString(),
    can_edit: canEditTemplate(actor, row),
  };
}

const ownerColumns = {
  id: usersTable.id,
  firstName: usersTable.firstName,
  lastName: usersTable.lastName,
  username: usersTable.username,
  email: usersTable.email,
};

async function findWithOwner(db: Db, id: number) {
  const [row] = await db
    .select({ template: emailTemplatesTable, owner: ownerColumns })
    .from(emailTemplatesTable)
    .leftJoin(usersTable, eq(usersTable.id, emailTemplatesTable.ownerId))
    .where(eq(emailTemplatesTable.id, id))
    .limit(1);
  return row;
}

/** A template the actor may use (send, preview, put in a sequence): 404 for one they may not see. */
export async function requireVisibleTemplate(db: Db, actor: Actor, id: number): Promise<EmailTemplateRow> {
  const [row] = await db.select().from(emailTemplatesTable).where(eq(emailTemplatesTable.id, id)).limit(1);
  if (!row || !canSeeTemplate(actor, row)) throw notFound();
  return row;
}

export async function listTemplates(
  deps: Deps,
  actor: UserRow,
  query: z.output<typeof EmailTemplateListQuerySchema>,
): Promise<EmailTemplate[]> {
  assertCan(actor, 'records.write');
  const conditions: SQL[] = [visibleTo(actor)];
  if (query.scope) conditions.push(eq(emailTemplatesTable.scope, query.scope));
  if (query.purpose) conditions.push(eq(emailTemplatesTable.purpose, query.purpose));
  if (query.q) {
    const pattern = `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(or(ilike(emailTemplatesTable.name, pattern), ilike(emailTemplatesTable.subject, pattern))!);
  }
  const rows = await deps.db
    .select({ template: emailTemplatesTable, owner: ownerColumns })
    .from(emailTemplatesTable)
    .leftJoin(usersTable, eq(usersTable.id, emailTemplatesTable.ownerId))
    .where(and(...conditions))
    .orderBy(asc(sql`lower(${emailTemplatesTable.name})`), asc(emailTemplatesTable.id))
    .limit(500);
  return rows.map((row) => toApiTemplate(actor, row.template, row.owner));
}

export async function getTemplate(deps: Deps, actor: UserRow, id: number): Promise<EmailTemplate> {
  assertCan(actor, 'records.write');
  const row = await findWithOwner(deps.db, id);
  if (!row || !canSeeTemplate(actor, row.template)) throw notFound();
  return toApiTemplate(actor, row.template, row.owner);
}

type Input = z.output<typeof EmailTemplateInputSchema>;

export async function createTemplate(deps: Deps, actor: UserRow, input: Input): Promise<EmailTemplate> {
  assertCan(actor, 'records.write');
  const now = deps.config.now();
  const [row] = await deps.db
    .insert(emailTemplatesTable)
    .values({
      name: input.name,
      scope: input.scope,
      purpose: input.purpose,
      subject: input.subject,
      bodyHtml: input.body_html,
      ownerId: actor.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  return getTemplate(deps, actor, row!.id);
}

export async function updateTemplate(deps: Deps, actor: UserRow, id: number, input: Input): Promise<EmailTemplate> {
  assertCan(actor, 'records.write');
  await inTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(emailTemplatesTable).where(eq(emailTemplatesTable.id, id)).for('update');
    if (!row || !canSeeTemplate(actor, row)) throw notFound();
    if (!canEditTemplate(actor, row)) throw forbidden();
    // Only its author makes a shared template personal (it would vanish from everyone else).
    if (input.scope === 'personal' && row.ownerId !== actor.id) throw forbidden();
    await tx
      .update(emailTemplatesTable)
      .set({
        name: input.name,
        scope: input.scope,
        purpose: input.purpose,
        subject: input.subject,
        bodyHtml: input.body_html,
        updatedAt: deps.config.now(),
      })
      .where(eq(emailTemplatesTable.id, id));
  });
  return getTemplate(deps, actor, id);
}

export async function deleteTemplate(deps: Deps, actor: UserRow, id: number): Promise<void> {
  assertCan(actor, 'records.write');
  const row = await requireVisibleTemplate(deps.db, actor, id);
  if (!canEditTemplate(actor, row)) throw forbidden();
  try {
    await deps.db.delete(emailTemplatesTable).where(eq(emailTemplatesTable.id, id));
  } catch (error) {
    if (isForeignKeyViolation(error))
      throw new AppError('TEMPLATE_IN_USE', 409, 'A sequence uses this template: take it out of the sequence first.');
    throw error;
  }
}

/** The template filled from real records; missing and unknown fields marked and listed. */
export async function previewTemplate(
  deps: Deps,
  actor: UserRow,
  id: number,
  request: z.output<typeof TemplatePreviewRequestSchema>,
): Promise<TemplatePreview> {
  assertCan(actor, 'records.write');
  const template = await requireVisibleTemplate(deps.db, actor, id);
  const context = await loadMergeContext(deps.db, deps.config, await senderFields(deps.db, actor), {
    candidateId: request.candidate_id,
    contactId: request.contact_id,
    roleId: request.role_id,
    pipelineId: request.pipeline_id,
  });
  const rendered = renderTemplate({ subject: template.subject, body_html: template.bodyHtml }, context);
  return {
    subject: rendered.subject,
    body_html: rendered.bodyHtml,
    missing: rendered.missing,
    unknown: rendered.unknown,
  };
}
