import { zodResolver } from '@hookform/resolvers/zod';
import { LoginInputSchema } from '@recruitdesk/contracts/auth';

/** Loaded on demand by the sign-in form (see lib/lazy-resolver.ts). */
export const loginResolver = zodResolver(LoginInputSchema);
