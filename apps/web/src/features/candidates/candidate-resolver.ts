import { zodResolver } from '@hookform/resolvers/zod';
import { CandidateInputSchema } from '@recruitdesk/contracts/candidates';

/** Loaded on demand by the candidate form (see lib/lazy-resolver.ts). */
export const candidateResolver = zodResolver(CandidateInputSchema);
