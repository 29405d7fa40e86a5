import type { SubmittalOutcomeInputSchema } from '@recruitdesk/contracts/pipelines';
import type { z } from 'zod';
import type { Deps } from '../../lib/deps';
import type { UserRow } from '../users/users.service';
import type { PipelineContextRow } from './pipelines.repository';

// What each outcome of a submittal (submittal-outcome.service.ts, placement-outcome.ts) is given.

export type OutcomeInput = z.output<typeof SubmittalOutcomeInputSchema>;
export type Outcome<K extends OutcomeInput['outcome']> = Extract<OutcomeInput, { outcome: K }>;

/** The pipeline (from Submitted, Client interview or Offer) and its latest submittal. */
export interface OutcomeContext {
  deps: Deps;
  actor: UserRow;
  ctx: PipelineContextRow;
  submittal: { id: number } | undefined;
}
