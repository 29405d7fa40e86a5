// Over 400 lines: the demo's pipelines over every stage with their interviews, submittals, placements and notes, built together so that their dates and states agree.
import {
  PIPELINE_CLOSE_REASON_LABELS,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  type PipelineCloseReason,
  type PipelineStageName,
} from '@recruitdesk/contracts/pipelines';
import { fromMinor, minorOfNumber } from '@recruitdesk/money';
import { asc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { buildNote, insertNotes } from '../../factories/notes.factory';
import { buildPipeline, insertPipelineChildren, insertPipelines } from '../../factories/pipelines.factory';
import { recordActivity } from '../activity/activity.service';
import { candidatesTable } from '../candidates/candidates.table';
import type { ClientRow } from '../clients/clients.table';
import type { NewNoteRow } from '../notes/notes.table';
import { markCandidatesPlaced } from '../candidates/candidates.service';
import type {
  NewInterviewRow,
  NewPipelineEventRow,
  NewPipelineRow,
  NewPlacementRow,
  NewSubmittalRow,
} from '../pipelines/pipelines.table';
import { placementFeeOf, roleFeeTerms, type RoleFeeTerms } from '../roles/role-fees.service';
import type { RoleRow } from '../roles/roles.table';
import { displayName, type UserRow } from '../users/users.service';
import { seededRandom } from '../../lib/seeded-random';
import { addDays } from '@recruitdesk/money/dates';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Where an active role's open pipelines stand (cumulative weights over sourced … offer). */
const STAGE_WEIGHTS: [PipelineStageName, number][] = [
  ['sourced', 0.3],
  ['internal_interview', 0.5],
  ['submit_pending', 0.62],
  ['submitted', 0.78],
  ['client_interview', 0.92],
  ['offer', 1],
];

const CLOSE_REASONS_BY_STAGE: Record<PipelineStageName, PipelineCloseReason[]> = {
  sourced: ['rejected_by_us', 'rejected_by_us', 'duplicate', 'candidate_withdrew'],
  internal_interview: ['rejected_by_us', 'rejected_by_us', 'candidate_withdrew'],
  submit_pending: ['candidate_withdrew', 'other'],
  submitted: ['rejected_by_client', 'rejected_by_client', 'candidate_withdrew'],
  client_interview: ['rejected_by_client', 'rejected_by_client', 'candidate_withdrew'],
  offer: ['offer_declined', 'offer_declined', 'candidate_withdrew'],
  placed: [],
};

const CLOSE_NOTES: Partial<Record<PipelineCloseReason, string[]>> = {
  rejected_by_us: ['Not enough depth in the core skills.', 'Salary expectations well above the band.', ''],
  rejected_by_client: [
    'Client went with a candidate with more domain experience.',
    'Hiring manager wanted more leadership experience.',
    '',
  ],
  candidate_withdrew: ['Accepted a counter-offer.', 'Decided not to relocate.', ''],
  offer_declined: ['Took a competing offer.', 'Could not agree on the start date.'],
  other: ['Client paused the search for this profile.'],
};

const PIPELINE_NOTES = [
  'Strong communicator; prefers hybrid with two office days.',
  'Available from next month; notice period four weeks.',
  'Asked for the full benefits package before the next round.',
  'Client liked the portfolio; wants a technical deep dive next.',
  'Checked references: two glowing, one still pending.',
  'Open to relocation with a package.',
];

const LOCATIONS = ['Video call', 'Client office', 'Our office, room 2', 'Phone screen'];
const CLIENT_INTERVIEWERS = ['Hiring manager', 'Head of department', 'Panel of three', 'Team lead'];

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const when = (at: Date) => `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

interface Plan {
  role: RoleRow;
  candidate: { id: number; firstName: string; lastName: string };
  /** How far along the stages it got (0 = sourced … 6 = placed). */
  reached: number;
  closeReason: PipelineCloseReason | null;
}

/**
 * Pipelines for the demo agency, deterministic (seeded) and batch-inserted: every active role gets 8 to 30
 * spread over every stage (some closed with reasons), closed roles a few closed ones (filled roles their
 * placement); interviews (past with outcomes, upcoming over the next five weeks), submittals, placements whose
 * fee comes from the same function the placement action uses, a few notes and recent activity.
 */
export async function seedDemoPipelines(
  db: Db,
  input: { users: UserRow[]; clientRows: ClientRow[]; roleRows: RoleRow[]; now: Date },
): Promise<{ pipelines: number; placements: number; interviews: number }> {
  const { users, now } = input;
  const random = seededRandom(20261122);
  // Offers (issue 12) draw from their own stream so the rest of the demo stays as it was.
  const offerRandom = seededRandom(20261126);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const owner = users[0];
  if (!owner) return { pipelines: 0, placements: 0, interviews: 0 };
  const userById = new Map(users.map((user) => [user.id, user]));
  const clientById = new Map(input.clientRows.map((client) => [client.id, client]));

  const pool = await db
    .select({
      id: candidatesTable.id,
      firstName: candidatesTable.firstName,
      lastName: candidatesTable.lastName,
      status: candidatesTable.status,
    })
    .from(candidatesTable)
    .orderBy(asc(candidatesTable.id));
  const active = pool.filter((candidate) => candidate.status === 'active');
  const reachable = pool.filter((candidate) => candidate.status !== 'do_not_contact');
  const sample = (from: typeof pool, count: number) => {
    const chosen = new Map<number, (typeof pool)[number]>();
    while (chosen.size < Math.min(count, from.length)) {
      const candidate = pick(from);
      chosen.set(candidate.id, candidate);
    }
    return [...chosen.values()];
  };

  const plans: Plan[] = [];
  for (const role of input.roleRows) {
    if (role.state === 'closed') {
      const people = sample(reachable, 3 + Math.floor(random() * 6));
      people.forEach((candidate, index) => {
        const placed = index === 0 && role.closeReason === 'filled';
        const reached = placed ? 6 : Math.floor(random() * 5);
        const stage = PIPELINE_STAGES[reached] as PipelineStageName;
        plans.push({
          role,
          candidate,
          reached,
          closeReason: placed ? null : random() < 0.5 ? 'role_closed' : pick(CLOSE_REASONS_BY_STAGE[stage]),
        });
      });
      continue;
    }
    const people = sample(active, 8 + Math.floor(random() * 23));
    people.forEach((candidate, index) => {
      if (index === 0 && random() < (role.openings > 1 ? 0.6 : 0.15)) {
        plans.push({ role, candidate, reached: 6, closeReason: null });
        return;
      }
      const roll = random();
      const stage = (STAGE_WEIGHTS.find(([, weight]) => roll < weight) ?? STAGE_WEIGHTS[0])?.[0] ?? 'sourced';
      const reached = PIPELINE_STAGES.indexOf(stage);
      plans.push({
        role,
        candidate,
        reached,
        closeReason: random() < 0.22 ? pick(CLOSE_REASONS_BY_STAGE[stage]) : null,
      });
    });
  }

  const terms = new Map<number, RoleFeeTerms>();
  for (const role of new Set(plans.filter((plan) => plan.reached === 6).map((plan) => plan.role))) {
    terms.set(role.id, await roleFeeTerms(db, role, clientById.get(role.clientId)));
  }

  const pipelines: NewPipelineRow[] = [];
  type Children = {
    events: NewPipelineEventRow[];
    interviews: NewInterviewRow[];
    submittals: NewSubmittalRow[];
    placements: NewPlacementRow[];
  };
  const children: Children[] = [];
  const placedCandidates: number[] = [];
  // Upcoming interviews spread over the next five weeks (most in the first two), on weekdays, so the
  // calendar has something in every week; the same draws as before keep the rest of the demo unchanged.
  const upcoming = () => {
    const draw = random();
    const days = draw < 0.6 ? 1 + Math.floor((draw / 0.6) * 13) : 14 + Math.floor(((draw - 0.6) / 0.4) * 21);
    const at = new Date(now.getTime() + days * DAY);
    const weekday = at.getUTCDay();
    if (weekday === 6) at.setTime(at.getTime() + 2 * DAY);
    if (weekday === 0) at.setTime(at.getTime() + DAY);
    at.setUTCHours(14 + Math.floor(random() * 8), random() < 0.5 ? 0 : 30, 0, 0);
    return at;
  };

  for (const plan of plans) {
    const { role, candidate, reached, closeReason } = plan;
    const actor = (role.recruiterId !== null ? userById.get(role.recruiterId) : undefined) ?? owner;
    const by = { actorId: actor.id, actorName: displayName(actor) };
    // Work starts the afternoon of the opening day, or earlier that day for a role opened today: nothing
    // is ever dated after now (a role opened today at 00:50 UTC had its history "in 16 hours").
    const latest = now.getTime() - 5 * 60_000;
    const openingDay = Date.parse(`${role.openedAt}T00:00:00Z`);
    const roleStart = Math.max(openingDay, Math.min(openingDay + 15 * HOUR, latest - 2 * HOUR));
    const end = (role.closedAt ?? new Date(now.getTime() - 2 * HOUR)).getTime();
    const created = new Date(Math.min(latest, roleStart + random() * Math.max(HOUR, (end - roleStart) * 0.6)));
    const steps = closeReason ? reached + 1 : reached;
    const times = Array.from({ length: steps }, () =>
      Math.min(latest, created.getTime() + random() * Math.max(HOUR, end - created.getTime())),
    )
      .sort((a, b) => a - b)
      .map((time) => new Date(time));
    const at = (step: number) => (step === 0 ? created : (times[step - 1] ?? created));
    const mine: Children = { events: [], interviews: [], submittals: [], placements: [] };
    const open = closeReason === null;
    const stage = PIPELINE_STAGES[reached] as PipelineStageName;

    let offer: { salary: number; at: Date } | null = null;
    mine.events.push({
      kind: 'created',
      toStage: 'sourced',
      detail: PIPELINE_STAGE_LABELS.sourced,
      createdAt: created,
      ...by,
      pipelineId: 0,
    });
    for (let step = 1; step <= reached; step += 1) {
      const from = PIPELINE_STAGES[step - 1] as PipelineStageName;
      const to = PIPELINE_STAGES[step] as PipelineStageName;
      const time = at(step);
      if (to === 'internal_interview') {
        mine.events.push({
          kind: 'interview_booked',
          fromStage: from,
          toStage: to,
          detail: `Internal interview on ${when(new Date(time.getTime() + 2 * DAY))}`,
          createdAt: time,
          ...by,
          pipelineId: 0,
        });
      } else if (to === 'submit_pending') {
        mine.events.push({
          kind: 'interview_outcome',
          fromStage: from,
          toStage: to,
          detail: 'Passed',
          createdAt: time,
          ...by,
          pipelineId: 0,
        });
      } else if (to === 'submitted') {
        mine.events.push({
          kind: 'submitted',
          fromStage: from,
          toStage: to,
          detail: `Submitted on ${isoDate(time)}`,
          createdAt: time,
          ...by,
          pipelineId: 0,
        });
      } else if (to === 'client_interview') {
        mine.events.push({
          kind: 'submittal_outcome',
          fromStage: from,
          toStage: to,
          detail: `Client interview on ${when(new Date(time.getTime() + 3 * DAY))}`,
          createdAt: time,
          ...by,
          pipelineId: 0,
        });
      } else if (to === 'offer') {
        // The offered salary: placed ones at their placement salary (set below); declined and withdrawn ones
        // lean to the lower part of the posted range, so the optimal wage range has a shape.
        const min = Number(role.salaryMin ?? 80000);
        const max = Number(role.salaryMax ?? min);
        const lean = reached > step ? 1 : closeReason ? 0.6 : 1;
        offer = { salary: Math.round((min + offerRandom() * lean * (max - min)) / 1000) * 1000, at: time };
        mine.events.push({
          kind: 'submittal_outcome',
          fromStage: from,
          toStage: to,
          detail: `Offer of ${role.salaryCurrency} ${offer.salary.toLocaleString('en-US')}`,
          createdAt: time,
          ...by,
          pipelineId: 0,
        });
      } else {
        const min = Number(role.salaryMin ?? 80000);
        const max = Number(role.salaryMax ?? min);
        const salary = Math.round((min + random() * (max - min)) / 1000) * 1000;
        const startDate = addDays(isoDate(time), 14 + Math.floor(random() * 31));
        const roleTerms = terms.get(role.id);
        const fee = roleTerms
          ? placementFeeOf(role, roleTerms, minorOfNumber(salary))
          : { fee: 0, feePercent: null, currency: role.salaryCurrency, explanation: '' };
        const guaranteeDays = clientById.get(role.clientId)?.guaranteeDays ?? null;
        mine.placements.push({
          pipelineId: 0,
          salary: String(salary),
          currency: fee.currency,
          startDate,
          fee: fromMinor(fee.fee),
          feePercent: fee.feePercent === null ? null : String(fee.feePercent),
          feeExplanation: fee.explanation,
          guaranteeEnd: guaranteeDays ? addDays(startDate, guaranteeDays) : null,
          createdById: actor.id,
          createdAt: time,
        });
        if (offer) offer.salary = salary;
        placedCandidates.push(candidate.id);
        mine.events.push({
          kind: 'placed',
          fromStage: from,
          toStage: to,
          detail: `Starts ${startDate}.`,
          createdAt: time,
          ...by,
          pipelineId: 0,
        });
      }
    }
    const closedAt = open ? null : at(steps);
    const closeNote = closeReason ? pick(CLOSE_NOTES[closeReason] ?? ['']) : '';
    if (closeReason) {
      const label = PIPELINE_CLOSE_REASON_LABELS[closeReason];
      mine.events.push({
        kind: 'closed',
        fromStage: stage,
        detail: closeNote ? `${label}: ${closeNote}` : label,
        createdAt: closedAt ?? now,
        ...by,
        pipelineId: 0,
      });
    }

    // Interviews: the internal one once it reached Internal interview, the client's once Client interview.
    const interview = (kind: 'internal' | 'client', step: number, current: boolean): NewInterviewRow => {
      const finished = !current || !open;
      // A finished interview took place between its booking and the next change (its outcome or the close).
      const booked = at(step).getTime();
      const held = new Date(
        booked + Math.min((kind === 'internal' ? 2 : 3) * DAY, (at(step + 1).getTime() - booked) * 0.6),
      );
      const scheduledAt =
        current && open
          ? random() < 0.85
            ? upcoming()
            : new Date(now.getTime() - (1 + Math.floor(random() * 3)) * DAY)
          : held;
      const outcome = !finished
        ? 'pending'
        : current
          ? closeReason === 'rejected_by_us' || closeReason === 'rejected_by_client'
            ? 'failed'
            : 'cancelled'
          : 'passed';
      const interviewer = kind === 'internal' ? actor : null;
      return {
        pipelineId: 0,
        kind,
        scheduledAt: finished && scheduledAt.getTime() > now.getTime() ? new Date(now.getTime() - DAY) : scheduledAt,
        durationMinutes: kind === 'internal' ? 45 : 60,
        location: pick(LOCATIONS),
        meetingUrl: random() < 0.6 ? `https://meet.example.com/${Math.floor(random() * 1e9).toString(36)}` : '',
        interviewerId: interviewer?.id ?? null,
        interviewerName: interviewer ? displayName(interviewer) : pick(CLIENT_INTERVIEWERS),
        outcome,
        feedback: outcome === 'passed' ? 'Good fit; move forward.' : outcome === 'failed' ? 'Not the right fit.' : '',
        createdById: actor.id,
        createdAt: at(step),
        updatedAt: at(step),
      };
    };
    if (reached >= 1) mine.interviews.push(interview('internal', 1, reached === 1));
    if (reached >= 4) mine.interviews.push(interview('client', 4, reached === 4));
    // The booking lines name the time the interview rows hold.
    for (const booked of mine.interviews) {
      const event = mine.events.find((e) =>
        booked.kind === 'internal'
          ? e.kind === 'interview_booked'
          : e.kind === 'submittal_outcome' && e.toStage === 'client_interview',
      );
      if (event)
        event.detail = `${booked.kind === 'internal' ? 'Internal' : 'Client'} interview on ${when(booked.scheduledAt)}`;
    }
    if (reached >= 3) {
      const outcomes = ['pending', 'pending', 'pending', 'pending', 'client_interview', 'offer', 'placed'] as const;
      const rejected = closeReason === 'rejected_by_client';
      mine.submittals.push({
        pipelineId: 0,
        submittedOn: isoDate(at(3)),
        submittedById: actor.id,
        proposedSalary: role.salaryMax,
        note: random() < 0.4 ? 'Sent with CV and a short summary of the internal interview.' : '',
        outcome: rejected ? 'rejected' : outcomes[reached],
        outcomeAt: rejected ? closedAt : reached > 3 ? at(reached) : null,
        createdAt: at(3),
      });
    }

    const last = mine.events.reduce(
      (latest, event) => Math.max(latest, (event.createdAt ?? created).getTime()),
      created.getTime(),
    );
    pipelines.push(
      buildPipeline({
        roleId: role.id,
        candidateId: candidate.id,
        stage,
        state: open ? 'open' : 'closed',
        closeReason,
        closeNote,
        recruiterId: role.recruiterId,
        stageChangedAt: at(reached),
        closedAt,
        ...(offer
          ? {
              offeredSalary: String(offer.salary),
              offerCurrency: role.salaryCurrency,
              offeredAt: offer.at,
              offerAnswer:
                stage === 'placed'
                  ? 'accepted'
                  : closeReason === 'offer_declined'
                    ? 'declined'
                    : closeReason === 'candidate_withdrew' && stage === 'offer'
                      ? 'withdrawn'
                      : null,
              offerAnsweredAt: stage === 'placed' ? at(reached) : stage === 'offer' && closedAt ? closedAt : null,
            }
          : {}),
        version: mine.events.length,
        createdById: actor.id,
        createdAt: created,
        updatedAt: new Date(last),
      }),
    );
    children.push(mine);
  }

  const ids = await insertPipelines(db, pipelines);
  const all: Children = { events: [], interviews: [], submittals: [], placements: [] };
  ids.forEach(({ id }, index) => {
    const mine = children[index];
    if (!mine) return;
    for (const key of ['events', 'interviews', 'submittals', 'placements'] as const) {
      for (const row of mine[key]) (all[key] as { pipelineId: number }[]).push({ ...row, pipelineId: id });
    }
  });
  await insertPipelineChildren(db, all);
  await markCandidatesPlaced(db, placedCandidates);

  const notes: NewNoteRow[] = [];
  const writers = users.filter((user) => !user.userType.includes('viewer'));
  ids.forEach(({ id }, index) => {
    if (index % 6 !== 0) return;
    const author = pick(writers.length ? writers : [owner]);
    const at = new Date(Math.min(now.getTime() - HOUR, (pipelines[index]?.createdAt ?? now).getTime() + DAY));
    notes.push(
      buildNote({
        modelType: 'pipeline',
        objectId: id,
        body: pick(PIPELINE_NOTES),
        authorId: author.id,
        authorName: displayName(author),
        createdAt: at,
        updatedAt: at,
      }),
    );
  });
  await insertNotes(db, notes);

  // The dashboard's recent activity: the latest few pipeline events.
  const latest = all.events
    .map((event, index) => ({ event, index }))
    .filter(({ event }) => event.kind !== 'created')
    .sort((a, b) => (a.event.createdAt?.getTime() ?? 0) - (b.event.createdAt?.getTime() ?? 0))
    .slice(-15);
  const planById = new Map(ids.map(({ id }, index) => [id, plans[index]]));
  for (const { event } of latest) {
    const plan = planById.get(event.pipelineId);
    if (!plan) continue;
    const name = `${plan.candidate.firstName} ${plan.candidate.lastName}`;
    const to = event.toStage ? PIPELINE_STAGE_LABELS[event.toStage as PipelineStageName] : '';
    const summary =
      event.kind === 'closed'
        ? `Closed ${name} in ${plan.role.name} (${(event.detail ?? '').split(':')[0]})`
        : event.kind === 'placed'
          ? `Placed ${name} in ${plan.role.name}`
          : `Moved ${name} to ${to} in ${plan.role.name}`;
    await recordActivity(db, {
      scope: { clientId: plan.role.clientId, roleId: plan.role.id, candidateId: plan.candidate.id },
      actor: userById.get(event.actorId ?? 0) ?? owner,
      verb: event.kind === 'closed' || event.kind === 'placed' ? event.kind : 'stage_changed',
      modelType: 'pipeline',
      objectId: event.pipelineId,
      summary,
      at: event.createdAt ?? now,
    });
  }
  return { pipelines: ids.length, placements: all.placements.length, interviews: all.interviews.length };
}
