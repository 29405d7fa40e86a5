// The built-in drafter: each kind of draft as a template filled from the data. Every value is escaped into the
// HTML (a candidate named `<img onerror=…>` stays text); nothing is invented — what is unknown is left out and
// said in the draft's notes.
import type { Draft } from '@recruitdesk/contracts/drafts';
import { PIPELINE_STAGE_LABELS, type PipelineStageName } from '@recruitdesk/contracts/pipeline-constants';
import { and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { escapeHtml } from '../../lib/html';
import { candidatesTable } from '../candidates/candidates.table';
import { messageLinksTable, messagesTable } from '../messages/messages.table';
import { interviewsTable, pipelineEventsTable, pipelinesTable } from '../pipelines/pipelines.table';
import { rolesTable } from '../roles/roles.table';
import type { UserRow } from '../users/users.service';
import { clientRecipients, type DraftRecords } from './draft-records';

const paragraph = (html: string) => `<p>${html}</p>`;
const list = (items: string[]) => (items.length ? `<ul>${items.map((item) => `<li>${item}</li>`).join('')}</ul>` : '');
const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();
const greeting = (firstName: string) => paragraph(firstName ? `Hi ${escapeHtml(firstName)},` : 'Hello,');

type Built = Omit<Draft, 'engine'>;

export interface DraftSubject {
  db: Db;
  user: UserRow;
  now: Date;
  salaryVisible: boolean;
}

/** A submittal of the candidate to the role's hiring manager: the summary, the resume attached. */
export async function buildSubmittal({ db, salaryVisible }: DraftSubject, records: DraftRecords): Promise<Built> {
  const { candidate, role, client } = records;
  const notes: string[] = [];
  if (!candidate) throw new MissingForDraft('Name the candidate to submit (or open the draft from their pipeline).');
  if (!role || !client) throw new MissingForDraft('Name the role to submit the candidate to.');
  const [recipient] = await clientRecipients(db, client, role);
  if (!recipient) notes.push(`${client.name} has no contact with an email address: add the hiring manager first.`);
  else if (role.hiringManagerContactId !== recipient.id)
    notes.push(`The role has no hiring manager with an email address; addressed to ${fullName(recipient)}.`);
  const name = fullName(candidate);
  const facts: string[] = [];
  if (candidate.currentTitle)
    facts.push(
      `Currently ${escapeHtml(candidate.currentTitle)}${candidate.currentCompany ? ` at ${escapeHtml(candidate.currentCompany)}` : ''}`,
    );
  if (candidate.yearsExperience !== null) facts.push(`${candidate.yearsExperience} years of experience`);
  if (candidate.location) facts.push(`Based in ${escapeHtml(candidate.location)}`);
  if (candidate.skills.length) facts.push(`Key skills: ${escapeHtml(candidate.skills.slice(0, 8).join(', '))}`);
  if (salaryVisible && candidate.desiredSalary)
    facts.push(
      `Salary expectation: ${escapeHtml(`${Number(candidate.desiredSalary).toLocaleString('en-US')} ${candidate.desiredSalaryCurrency}`)}`,
    );
  if (!facts.length) notes.push(`${name}'s record has no title, experience, location or skills to summarise.`);
  const attachments: Built['attachments'] = candidate.resumeKey
    ? [{ kind: 'candidate_resume', id: candidate.id, filename: candidate.resumeFilename ?? 'resume' }]
    : [];
  if (!attachments.length) notes.push(`${name} has no resume on file to attach.`);
  const body = [
    greeting(recipient?.firstName ?? ''),
    paragraph(`I'd like to put forward <strong>${escapeHtml(name)}</strong> for the ${escapeHtml(role.name)} role.`),
    list(facts),
    attachments.length ? paragraph('Their resume is attached.') : '',
    paragraph('Would you like to meet them? I can arrange a first interview at a time that suits you.'),
  ].join('');
  return {
    kind: 'submittal',
    to: recipient ? [{ record: 'contact', id: recipient.id, name: fullName(recipient), address: recipient.email }] : [],
    subject: `Submittal: ${name} for ${role.name}`,
    body_html: body,
    records: [
      { type: 'candidate', id: candidate.id },
      { type: 'role', id: role.id },
      { type: 'client', id: client.id },
      ...(records.pipelineId ? [{ type: 'pipeline' as const, id: records.pipelineId }] : []),
    ],
    attachments,
    send_individually: false,
    notes,
  };
}

/** This week's update for a client: its open roles, the pipelines' movement over the last 7 days, interviews ahead. */
export async function buildClientUpdate({ db, now }: DraftSubject, records: DraftRecords): Promise<Built> {
  const { client } = records;
  if (!client) throw new MissingForDraft('Name the client to write the update for.');
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const roles = await db
    .select({ id: rolesTable.id, name: rolesTable.name })
    .from(rolesTable)
    .where(and(eq(rolesTable.clientId, client.id), eq(rolesTable.state, 'open')))
    .orderBy(asc(rolesTable.name), asc(rolesTable.id));
  const roleIds = roles.map((role) => role.id);
  const stages = roleIds.length
    ? await db
        .select({ roleId: pipelinesTable.roleId, stage: pipelinesTable.stage, count: sql<number>`count(*)::int` })
        .from(pipelinesTable)
        .where(and(inArray(pipelinesTable.roleId, roleIds), eq(pipelinesTable.state, 'open')))
        .groupBy(pipelinesTable.roleId, pipelinesTable.stage)
    : [];
  const moves = roleIds.length
    ? await db
        .select({
          roleId: pipelinesTable.roleId,
          toStage: pipelineEventsTable.toStage,
          count: sql<number>`count(*)::int`,
        })
        .from(pipelineEventsTable)
        .innerJoin(pipelinesTable, eq(pipelinesTable.id, pipelineEventsTable.pipelineId))
        .where(
          and(
            inArray(pipelinesTable.roleId, roleIds),
            gte(pipelineEventsTable.createdAt, since),
            inArray(pipelineEventsTable.kind, ['stage_changed', 'submitted', 'placed']),
          ),
        )
        .groupBy(pipelinesTable.roleId, pipelineEventsTable.toStage)
    : [];
  const interviews = roleIds.length
    ? await db
        .select({
          roleId: pipelinesTable.roleId,
          scheduledAt: interviewsTable.scheduledAt,
          firstName: candidatesTable.firstName,
          lastName: candidatesTable.lastName,
        })
        .from(interviewsTable)
        .innerJoin(pipelinesTable, eq(pipelinesTable.id, interviewsTable.pipelineId))
        .innerJoin(candidatesTable, eq(candidatesTable.id, pipelinesTable.candidateId))
        .where(
          and(
            inArray(pipelinesTable.roleId, roleIds),
            eq(interviewsTable.kind, 'client'),
            gte(interviewsTable.scheduledAt, now),
            lt(interviewsTable.scheduledAt, new Date(now.getTime() + 14 * 86_400_000)),
          ),
        )
        .orderBy(asc(interviewsTable.scheduledAt))
    : [];
  const recipients = await clientRecipients(db, client, null);
  const notes: string[] = [];
  if (!recipients.length) notes.push(`${client.name} has no contact with an email address.`);
  if (!roles.length) notes.push(`${client.name} has no open roles.`);
  const stageLabel = (stage: string | null) => PIPELINE_STAGE_LABELS[stage as PipelineStageName] ?? stage ?? '';
  const sections = roles.map((role) => {
    const open = stages.filter((row) => row.roleId === role.id);
    const moved = moves.filter((row) => row.roleId === role.id);
    const upcoming = interviews.filter((row) => row.roleId === role.id);
    const lines: string[] = [];
    lines.push(
      open.length
        ? `In process: ${open
            .sort(
              (a, b) =>
                Object.keys(PIPELINE_STAGE_LABELS).indexOf(a.stage) -
                Object.keys(PIPELINE_STAGE_LABELS).indexOf(b.stage),
            )
            .map((row) => `${row.count} ${escapeHtml(stageLabel(row.stage).toLowerCase())}`)
            .join(', ')}`
        : 'No candidates in process yet.',
    );
    if (moved.length)
      lines.push(
        `This week: ${moved.map((row) => `${row.count} moved to ${escapeHtml(stageLabel(row.toStage).toLowerCase())}`).join(', ')}`,
      );
    for (const interview of upcoming)
      lines.push(
        `Interview with ${escapeHtml(fullName(interview))} on ${escapeHtml(
          interview.scheduledAt.toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long' }),
        )}`,
      );
    return `<p><strong>${escapeHtml(role.name)}</strong></p>${list(lines)}`;
  });
  const body = [
    greeting(recipients.length === 1 ? recipients[0]!.firstName : ''),
    paragraph(`Here is this week's update on your open ${roles.length === 1 ? 'role' : 'roles'} with us.`),
    ...sections,
    paragraph("Let me know if you'd like to discuss any of the candidates."),
  ].join('');
  return {
    kind: 'client_update',
    to: recipients.map((contact) => ({
      record: 'contact',
      id: contact.id,
      name: fullName(contact),
      address: contact.email,
    })),
    subject: `${client.name}: this week's update`,
    body_html: body,
    records: [{ type: 'client', id: client.id }, ...roleIds.map((id) => ({ type: 'role' as const, id }))],
    attachments: [],
    send_individually: false,
    notes,
  };
}

/** The days in "haven't answered in 7 days" (default 7, at most a year). */
export function silenceDays(request: string): number {
  const match = /(\d{1,3})\s*(?:business\s+|working\s+)?days?/i.exec(request);
  if (match) return Math.min(365, Math.max(1, Number(match[1])));
  if (/\b(?:a|one)\s+week\b/i.test(request)) return 7;
  const weeks = /(\d{1,2})\s*weeks?/i.exec(request);
  return weeks ? Math.min(365, Number(weeks[1]) * 7) : 7;
}

/**
 * A follow-up to the candidates this user wrote to at least N days ago (within the last 90 days) who have not
 * written back since: each gets their own message (merge fields), never one message to all.
 */
export async function buildFollowUp(
  { db, user, now }: DraftSubject,
  _records: DraftRecords,
  request: string,
): Promise<Built> {
  const days = silenceDays(request);
  const until = new Date(now.getTime() - days * 86_400_000);
  const from = new Date(now.getTime() - 90 * 86_400_000);
  const lastSent = db
    .select({
      candidateId: messageLinksTable.recordId,
      sentAt: sql<Date>`max(${messagesTable.occurredAt})`.as('sent_at'),
    })
    .from(messagesTable)
    .innerJoin(messageLinksTable, eq(messageLinksTable.messageId, messagesTable.id))
    .where(
      and(
        eq(messagesTable.direction, 'outbound'),
        eq(messagesTable.authorId, user.id),
        inArray(messagesTable.status, ['sent', 'queued', 'sending']),
        eq(messageLinksTable.recordType, 'candidate'),
        gte(messagesTable.occurredAt, from),
      ),
    )
    .groupBy(messageLinksTable.recordId)
    .as('last_sent');
  const rows = await db
    .select({
      id: candidatesTable.id,
      firstName: candidatesTable.firstName,
      lastName: candidatesTable.lastName,
      email: candidatesTable.email,
      sentAt: lastSent.sentAt,
    })
    .from(lastSent)
    .innerJoin(candidatesTable, eq(candidatesTable.id, lastSent.candidateId))
    .where(
      and(
        lt(lastSent.sentAt, until),
        sql`${candidatesTable.status} not in ('do_not_contact', 'archived')`,
        sql`${candidatesTable.email} <> ''`,
        sql`not exists (
          select 1 from ${messageLinksTable} l join ${messagesTable} m on m.id = l.message_id
          where l.record_type = 'candidate' and l.record_id = ${candidatesTable.id}
            and m.direction = 'inbound' and m.occurred_at > ${lastSent.sentAt})`,
      ),
    )
    .orderBy(desc(lastSent.sentAt), asc(candidatesTable.id))
    .limit(200);
  const notes = [
    rows.length
      ? `${rows.length} ${rows.length === 1 ? 'candidate' : 'candidates'} you wrote to ${days}+ days ago (in the last 90 days) have not replied.`
      : `No candidate you wrote to ${days}+ days ago (in the last 90 days) is waiting for a follow-up.`,
  ];
  return {
    kind: 'follow_up',
    to: rows.map((row) => ({ record: 'candidate', id: row.id, name: fullName(row), address: row.email })),
    subject: 'Following up',
    body_html: [
      paragraph('Hi {{candidate.first_name}},'),
      paragraph(
        "I wanted to follow up on my last message. Are you still open to hearing about new roles? If now isn't a good time, just let me know and I'll check back later.",
      ),
    ].join(''),
    records: [],
    attachments: [],
    send_individually: true,
    notes,
  };
}

/** The request lacks what this kind of draft needs: 400 with the sentence that says what to add. */
export class MissingForDraft extends Error {}
