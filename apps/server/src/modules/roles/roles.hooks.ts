import { roleCountsByClient } from '../clients/clients.service';
import { registerNoteTarget } from '../notes/notes.service';
import { countRolesPerClient, findRoleNoteTarget } from './roles.repository';

/** Start-up (decision 008): what the roles module tells the modules below it. Called by rolesRoutes. */
export function registerRoleHooks(): void {
  registerNoteTarget('role', findRoleNoteTarget);
  roleCountsByClient.provide(countRolesPerClient);
}
