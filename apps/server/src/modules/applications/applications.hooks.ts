import { registerNoteTarget } from '../notes/notes.service';
import { applicationCountsByRole } from '../roles/roles.service';
import { countApplicationsPerRole, findApplicationNoteTarget } from './applications.repository';

/** Start-up (decision 008): what the applications module tells the modules below it. Called by applicationsRoutes. */
export function registerApplicationHooks(): void {
  registerNoteTarget('application', findApplicationNoteTarget);
  applicationCountsByRole.provide(countApplicationsPerRole);
}
