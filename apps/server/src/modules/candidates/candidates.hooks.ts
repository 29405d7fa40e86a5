import { registerNoteTarget } from '../notes/notes.service';
import { findCandidateNoteTarget } from './candidates.repository';

/** Start-up (decision 008): what the candidates module tells the modules below it. Called by candidatesRoutes. */
export function registerCandidateHooks(): void {
  registerNoteTarget('candidate', findCandidateNoteTarget);
}
