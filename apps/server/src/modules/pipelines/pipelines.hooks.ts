import { pipelineCountOfClient } from '../clients/clients.service';
import { registerNoteTarget } from '../notes/notes.service';
import { pipelineCountOfRole, placementCountSql, placementFeesOfRole } from '../roles/roles.service';
import {
  countPipelinesOfClient,
  countPipelinesOfRole,
  findPipelineNoteTarget,
  placementCountOfRoleSql,
  sumRolePlacementFees,
} from './pipeline-facts.repository';

/** Start-up (decision 008): what the pipelines module tells the modules below it. Called by pipelinesRoutes. */
export function registerPipelineHooks(): void {
  registerNoteTarget('pipeline', findPipelineNoteTarget);
  pipelineCountOfClient.provide(countPipelinesOfClient);
  pipelineCountOfRole.provide(countPipelinesOfRole);
  placementFeesOfRole.provide(sumRolePlacementFees);
  placementCountSql.provide(placementCountOfRoleSql);
}
