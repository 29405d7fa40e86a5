import {
  PIPELINE_ERRORS,
  PIPELINE_STAGE_LABELS,
  PIPELINE_STAGES,
  stagePosition,
  type PipelineStageName,
  type PipelineSummary,
} from '@recruitdesk/contracts/pipelines';
import { compareCards, type PipelineTarget } from './api';

/** A pipeline with its candidate's name (a card, or the detail's summary): what moves and dialogs name. */
export type NamedPipeline = PipelineTarget & { candidate: PipelineSummary['candidate'] };

/**
 * What a drop (or "Move to…") of a card on a stage means, before asking the server:
 * nothing, a refusal that needs no round trip, a PATCH, or the placement dialog.
 * The server still decides; these are only the rules the contract states for every pipeline.
 */
export type MoveDecision =
  | { kind: 'none' }
  | { kind: 'refuse'; message: string }
  | { kind: 'patch'; stage: PipelineStageName }
  | { kind: 'place' };

export function decideMove(
  pipeline: Pick<PipelineSummary, 'stage' | 'state'>,
  to: PipelineStageName | null | undefined,
): MoveDecision {
  if (!to || to === pipeline.stage.name) return { kind: 'none' };
  if (pipeline.state === 'closed') return { kind: 'refuse', message: PIPELINE_ERRORS.CLOSED };
  if (pipeline.stage.name === 'placed') return { kind: 'refuse', message: PIPELINE_ERRORS.PLACED };
  if (to === 'placed') {
    return stagePosition(pipeline.stage.name) < stagePosition('submitted')
      ? { kind: 'refuse', message: PIPELINE_ERRORS.SUBMITTAL_OUTCOME_STAGE }
      : { kind: 'place' };
  }
  return { kind: 'patch', stage: to };
}

/** Whether the card can be picked up at all (closed and placed pipelines do not move). */
export const canMove = (pipeline: Pick<PipelineSummary, 'stage' | 'state'>) =>
  pipeline.state === 'open' && pipeline.stage.name !== 'placed';

export type Columns = Record<PipelineStageName, PipelineSummary[]>;

/**
 * Cards per stage, sorted. A column whose cards did not change keeps its previous array, so a move
 * re-renders only the two columns involved.
 */
export function groupByStage(pipelines: readonly PipelineSummary[], previous?: Columns): Columns {
  const next = Object.fromEntries(PIPELINE_STAGES.map((stage) => [stage, [] as PipelineSummary[]])) as Columns;
  for (const pipeline of pipelines) next[pipeline.stage.name]?.push(pipeline);
  for (const stage of PIPELINE_STAGES) {
    next[stage].sort(compareCards);
    const before = previous?.[stage];
    if (before && before.length === next[stage].length && before.every((card, i) => card === next[stage][i]))
      next[stage] = before;
  }
  return next;
}

/** Whole days since the pipeline entered its stage. */
export function daysInStage(stageChangedAt: string, now: Date = new Date()): number {
  const ms = now.getTime() - new Date(stageChangedAt).getTime();
  return Number.isFinite(ms) ? Math.max(0, Math.floor(ms / 86_400_000)) : 0;
}

export function daysInStageLabel(days: number): string {
  if (days === 0) return 'Today';
  return days === 1 ? '1 day' : `${days} days`;
}

export const stageLabel = (stage: PipelineStageName) => PIPELINE_STAGE_LABELS[stage];

/** The accessible name of a column: 'Submitted, 4 candidates' (and closed ones when shown). */
export function columnName(label: string, open: number, closed: number | null): string {
  const people = `${open} ${open === 1 ? 'candidate' : 'candidates'}`;
  return closed ? `${label}, ${people}, ${closed} closed` : `${label}, ${people}`;
}

/** Screen-reader instructions and announcements naming the candidate and the column. */
export const SCREEN_READER_INSTRUCTIONS =
  'To pick up a candidate, press Space or Enter. Use the left and right arrow keys to move between stages. ' +
  'Press Space or Enter again to drop the candidate in that stage, or Escape to cancel.';

export function makeAnnouncements(lookup: {
  name: (id: string | number) => string;
  pipeline: (id: string | number) => Pick<PipelineSummary, 'stage' | 'state'> | undefined;
}) {
  const column = (id: string | number | undefined) =>
    id ? (stageLabel(String(id) as PipelineStageName) ?? String(id)) : '';
  return {
    onDragStart({ active }: { active: { id: string | number } }) {
      const pipeline = lookup.pipeline(active.id);
      return `Picked up ${lookup.name(active.id)}${pipeline ? `, in ${stageLabel(pipeline.stage.name)}` : ''}.`;
    },
    onDragOver({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) {
      return over
        ? `${lookup.name(active.id)} is over ${column(over.id)}.`
        : `${lookup.name(active.id)} is not over a stage.`;
    },
    onDragEnd({ active, over }: { active: { id: string | number }; over: { id: string | number } | null }) {
      const name = lookup.name(active.id);
      const pipeline = lookup.pipeline(active.id);
      const decision = pipeline
        ? decideMove(pipeline, over ? (String(over.id) as PipelineStageName) : null)
        : { kind: 'none' as const };
      switch (decision.kind) {
        case 'patch':
          return `Moved ${name} to ${column(over?.id)}.`;
        case 'place':
          return `Dropped ${name} on Placed. Enter the placement details.`;
        case 'refuse':
          return `${name} was not moved. ${decision.message}`;
        default:
          return `${name} was dropped back in ${pipeline ? stageLabel(pipeline.stage.name) : 'its stage'}.`;
      }
    },
    onDragCancel({ active }: { active: { id: string | number } }) {
      const pipeline = lookup.pipeline(active.id);
      return `Moving cancelled. ${lookup.name(active.id)} stays in ${pipeline ? stageLabel(pipeline.stage.name) : 'its stage'}.`;
    },
  };
}

/** The newest submittal's proposed salary: the placement dialog's starting value. */
export function latestProposedSalary(
  submittals: readonly { proposed_salary: number | null; submitted_on: string; id: number }[],
): number | null {
  const latest = [...submittals].sort((a, b) => b.submitted_on.localeCompare(a.submitted_on) || b.id - a.id)[0];
  return latest?.proposed_salary ?? null;
}

/**
 * The placement dialog's starting salary and where it came from: the offer the candidate accepted (or the
 * open one, which placing accepts) wins; without an offer salary, the newest submittal's proposed salary.
 * A declined or withdrawn offer is not what the candidate is placed at.
 */
export function placementSalaryDefault(
  offer: { salary: number | null; answer: string | null } | null | undefined,
  submittals: readonly { proposed_salary: number | null; submitted_on: string; id: number }[],
): { salary: number; from: 'offer' | 'submittal' } | null {
  if (offer && offer.salary != null && (offer.answer === null || offer.answer === 'accepted'))
    return { salary: offer.salary, from: 'offer' };
  const proposed = latestProposedSalary(submittals);
  return proposed == null ? null : { salary: proposed, from: 'submittal' };
}

export const SALARY_SOURCE_HINTS = {
  offer: 'From the offer.',
  submittal: 'From the latest submittal.',
} as const;

/** The detail page's next-step actions for where the pipeline is (contract comments: the transition rules). */
export type StageAction = 'book-interview' | 'interview-outcome' | 'submit-pending' | 'submittal' | 'client-outcome';

export function stageActions(
  pipeline: Pick<PipelineSummary, 'stage' | 'state'>,
  interviews: readonly { kind: string; outcome: string }[],
): StageAction[] {
  if (pipeline.state !== 'open' || pipeline.stage.name === 'placed') return [];
  const pendingInternal = interviews.some((i) => i.kind === 'internal' && i.outcome === 'pending');
  return byStage(pipeline, pendingInternal);
}

/**
 * What "Record client outcome" records (issue 29 item l: one action, not two side by side): the outcome of
 * a client interview whose time has come, when one is waiting for it; otherwise the client's decision
 * (another interview, rejected, an offer, placed), which asks about any interview still to come.
 */
export function clientOutcomeStep(
  interviews: readonly { kind: string; outcome: string; scheduled_at: string }[],
  now: Date = new Date(),
): 'interview' | 'decision' {
  return interviews.some(
    (i) => i.kind === 'client' && i.outcome === 'pending' && Date.parse(i.scheduled_at) <= now.getTime(),
  )
    ? 'interview'
    : 'decision';
}

function byStage(pipeline: Pick<PipelineSummary, 'stage'>, pendingInternal: boolean): StageAction[] {
  switch (pipeline.stage.name) {
    case 'sourced':
      return ['book-interview', 'submit-pending', 'submittal'];
    case 'internal_interview':
      return [
        ...(pendingInternal ? (['interview-outcome'] as const) : []),
        'book-interview',
        'submit-pending',
        'submittal',
      ];
    case 'submit_pending':
      return ['submittal'];
    case 'submitted':
    case 'client_interview':
    case 'offer':
      return ['client-outcome'];
    default:
      return [];
  }
}

export const STAGE_ACTION_LABELS: Record<StageAction, string> = {
  'book-interview': 'Book interview',
  'interview-outcome': 'Record interview outcome',
  'submit-pending': 'Mark submit pending',
  submittal: 'Submit to client',
  'client-outcome': 'Record client outcome',
};
