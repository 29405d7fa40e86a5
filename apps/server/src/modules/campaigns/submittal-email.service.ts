import type { SubmittalEmailRequestSchema } from '@recruitdesk/contracts/campaigns';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { calendarDateIn } from '../../lib/time-zone';
import { candidatesTable } from '../candidates/candidates.table';
import { clientContactsTable } from '../contacts/contacts.table';
import { requireVisibleTemplate } from '../email-templates/email-templates.service';
import { renderTemplate, mergeRefusal } from '../email-templates/merge.service';
import { loadMergeContext, senderFields } from '../email-templates/merge-context.service';
import { messageAttachmentsTable } from '../messages/messages.table';
import { messageBody, queueOutboundMessage, sendingIdentity } from '../messages/outbox.service';
import { loadForSubmittal, recordSubmittal } from '../pipelines/pipeline-stage-actions.service';
import type { UserRow } from '../users/users.service';
import { redactContactDetails } from './redact';

// The submittal email (issue 33): the candidate put to a contact of the role's client, with the resume, and the
// submittal recorded by the pipeline's own submittal action in the same transaction.

type Input = z.output<typeof SubmittalEmailRequestSchema>;

const badField = (code: string, field: string, message: string) =>
  new AppError(code, 400, message, { fields: { [field]: [message] } });

/** A preview's markers sent back as they were: the fields are still missing. */
const MARKER = /data-merge-(missing|unknown)="([^"]*)"/g;

interface Attachment {
  filename: string;
  contentType: string;
  size: number;
  storageKey: string;
}

const safeFilename = (name: string) => name.replace(/[\\/\r\n"]+/g, '_').slice(0, 200) || 'resume';

export async function sendSubmittalEmail(
  deps: Deps,
  actor: UserRow,
  pipelineId: number,
  input: Input,
): Promise<{ messageId: number; version: number; stage: string }> {
  assertCan(actor, 'records.write');
  // The stage rule of the submittal action: 409 before anything is written or stored.
  const ctx = await loadForSubmittal(deps, actor, pipelineId, input.version);
  const version = ctx.pipeline.version;

  const [contact] = await deps.db
    .select()
    .from(clientContactsTable)
    .where(eq(clientContactsTable.id, input.to_contact_id))
    .limit(1);
  if (!contact || contact.clientId !== ctx.role.clientId)
    throw badField('CONTACT_NOT_AT_CLIENT', 'to_contact_id', `Choose a contact at ${ctx.clientName}.`);
  if (contact.leftCompany)
    throw badField('CONTACT_LEFT', 'to_contact_id', 'This contact has left the company: choose another one.');
  if (!contact.email.trim()) throw badField('CONTACT_NO_EMAIL', 'to_contact_id', 'This contact has no email address.');
  if (input.template_id !== undefined) await requireVisibleTemplate(deps.db, actor, input.template_id);

  const sender = await senderFields(deps.db, actor);
  const context = await loadMergeContext(deps.db, deps.config, sender, {
    pipelineId,
    contactId: contact.id,
  });
  const rendered = renderTemplate({ subject: input.subject, body_html: input.body_html }, context);
  for (const [, kind, field] of input.body_html.matchAll(MARKER))
    (kind === 'missing' ? rendered.missing : rendered.unknown).push(field!);
  const refusal = mergeRefusal(rendered);
  if (refusal)
    throw new AppError('MERGE_FIELDS_MISSING', 400, refusal, {
      fields: { body_html: [refusal] },
      extra: { missing: rendered.missing, unknown: rendered.unknown },
    });

  const attachment = input.attach_resume
    ? await resumeAttachment(deps, ctx.candidate.id, input.redact_contact_details)
    : null;
  let messageId = 0;
  const today = calendarDateIn(deps.config.now(), actor.timeZone || deps.config.agencyTimeZone);
  const response = await recordSubmittal(
    deps,
    actor,
    pipelineId,
    {
      version,
      submitted_on: today,
      proposed_salary: null,
      note: `Emailed to ${`${contact.firstName} ${contact.lastName}`.trim() || contact.email}.`,
    },
    async (tx) => {
      const message = await queueOutboundMessage(tx, deps.jobs, {
        authorId: actor.id,
        ...sendingIdentity(deps.config.mailFrom, actor, sender.agencyName),
        to: [{ name: `${contact.firstName} ${contact.lastName}`.trim(), address: contact.email.trim() }],
        subject: rendered.subject,
        ...messageBody(rendered.bodyHtml),
        records: [
          { recordType: 'candidate', recordId: ctx.candidate.id },
          { recordType: 'pipeline', recordId: pipelineId },
          { recordType: 'role', recordId: ctx.role.id },
          { recordType: 'client', recordId: ctx.role.clientId },
          { recordType: 'contact', recordId: contact.id },
        ],
      });
      if (attachment) await tx.insert(messageAttachmentsTable).values({ messageId: message.id, ...attachment });
      messageId = message.id;
    },
  );
  return { messageId, version: response.data.pipeline.version, stage: response.data.pipeline.stage.name };
}

/**
 * The resume to attach, copied under messages/ (replacing the candidate's resume later does not take it from
 * the sent message); redacted: its extracted text without email, phone and links, as a .txt file.
 */
async function resumeAttachment(deps: Deps, candidateId: number, redact: boolean): Promise<Attachment> {
  const [candidate] = await deps.db.select().from(candidatesTable).where(eq(candidatesTable.id, candidateId)).limit(1);
  if (!candidate?.resumeKey) throw badField('NO_RESUME', 'attach_resume', 'The candidate has no resume to attach.');
  const folder = `messages/${randomBytes(12).toString('hex')}`;
  const name = `${candidate.firstName} ${candidate.lastName}`.trim() || 'Candidate';
  if (redact) {
    if (!candidate.resumeHasText || !candidate.resumeText.trim())
      throw badField(
        'RESUME_NOT_READABLE',
        'redact_contact_details',
        'No text could be read from this resume, so its contact details cannot be removed: send it as it is or without it.',
      );
    const known = [
      candidate.email,
      candidate.phone,
      candidate.linkedinUrl,
      candidate.githubUrl,
      candidate.portfolioUrl,
    ];
    const body = Buffer.from(
      `${name} — resume (contact details removed)\n\n${redactContactDetails(candidate.resumeText, known)}\n`,
      'utf8',
    );
    const filename = safeFilename(`${name} - resume (contact details removed).txt`);
    const storageKey = `${folder}/resume.txt`;
    await deps.storage.write(storageKey, body, 'text/plain; charset=utf-8');
    return { filename, contentType: 'text/plain; charset=utf-8', size: body.length, storageKey };
  }
  const body = await deps.storage.read(candidate.resumeKey);
  const filename = safeFilename(candidate.resumeFilename ?? 'resume');
  const contentType = candidate.resumeContentType ?? 'application/octet-stream';
  const storageKey = `${folder}/${candidate.resumeKey.split('/').pop() ?? 'resume'}`;
  await deps.storage.write(storageKey, body, contentType);
  return { filename, contentType, size: body.length, storageKey };
}

/** The redaction the submittal email uses, for the shortlist portal's resume PDF (issue 35, decision 109). */
export { redactContactDetails } from './redact';
