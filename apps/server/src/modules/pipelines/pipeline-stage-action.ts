import type { Deps } from '../../lib/deps';
import { recordActivity } from '../activity/activity.service';
import type { UserRow } from '../users/users.service';
import { scopeOf, writeChange, type ChangeScope } from './pipeline-change';
import type { PipelineContextRow } from './pipelines.repository';
import type { NewPipelineEventRow, NewPipelineRow } from './pipelines.table';

// The skeleton every stage action shares: the versioned write of the pipeline, the action's own writes, its
// lines in the activity feed and its events, in one transaction (on writeChange).

/** One line of the activity feed about the pipeline. */
export interface PipelineActivity {
  verb: string;
  summary: string;
}

/** What an action's writes leave to record: its activity lines and events (in order), and its result. */
export interface StageActionWritten<T> {
  activities: PipelineActivity[];
  events: NewPipelineEventRow[];
  /** Tells the other modules' listeners (a submittal, a placement), after the activity lines. */
  notify?: () => Promise<void>;
  result?: T;
}

/**
 * A stage action in one transaction: the pipeline's new `values` (the versioned update), then `write` (the
 * action's own rows), then the activity lines it returns, its listeners, and its events. Returns `write`'s result.
 */
export async function writeStageAction<T = undefined>(
  deps: Deps,
  actor: UserRow,
  ctx: PipelineContextRow,
  version: number,
  values: (now: Date) => Partial<NewPipelineRow>,
  write: (scope: ChangeScope) => Promise<StageActionWritten<T>>,
): Promise<T | undefined> {
  return writeChange(deps, actor, ctx, version, values, async (scope) => {
    const { activities, events, notify, result } = await write(scope);
    for (const line of activities)
      await recordActivity(scope.tx, {
        scope: scopeOf(ctx),
        actor,
        verb: line.verb,
        modelType: 'pipeline',
        objectId: ctx.pipeline.id,
        summary: line.summary,
      });
    await notify?.();
    return { events, result };
  });
}
