import type { Db } from '../../db/client';
import type { UserRow } from '../users/users.table';

/**
 * What a module above pipelines may do when a pipeline reaches a milestone, inside the milestone's own
 * transaction (decision 008): the invoices module drafts the finder's fee or the retainer instalment. The
 * pipelines module never imports them; they register here at start-up. A listener that throws rolls the
 * milestone back, so listeners skip quietly what they cannot do.
 */
export interface PipelineMilestone {
  tx: Db;
  now: Date;
  actor: UserRow;
  pipelineId: number;
  roleId: number;
  clientId: number;
}
export interface PlacementMilestone extends PipelineMilestone {
  placementId: number;
}
type Listener<E> = (event: E) => Promise<void>;

const placementListeners = new Map<string, Listener<PlacementMilestone>>();
const submittalListeners = new Map<string, Listener<PipelineMilestone>>();

/** Registration is by name, so registering again (every test app) replaces rather than doubles. */
export function onPlacementRecorded(name: string, listener: Listener<PlacementMilestone>): void {
  placementListeners.set(name, listener);
}
export function onSubmittalRecorded(name: string, listener: Listener<PipelineMilestone>): void {
  submittalListeners.set(name, listener);
}

export async function notifyPlacementRecorded(event: PlacementMilestone): Promise<void> {
  for (const listener of placementListeners.values()) await listener(event);
}
export async function notifySubmittalRecorded(event: PipelineMilestone): Promise<void> {
  for (const listener of submittalListeners.values()) await listener(event);
}
