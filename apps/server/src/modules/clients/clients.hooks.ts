import { registerNoteTarget } from '../notes/notes.service';
import { findClientNoteTarget } from './clients.repository';

/** Start-up (decision 008): what the clients module tells the modules below it. Called by clientsRoutes. */
export function registerClientHooks(): void {
  registerNoteTarget('client', findClientNoteTarget);
}
