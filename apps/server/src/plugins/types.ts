import type { Deps } from '../lib/deps';
import type { Principal } from './auth';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    /** Set by the auth gate from the sessions module's `identify` (plugins/auth.ts). */
    principal: Principal | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (deny by default). */
    public?: boolean;
    /**
     * A POST whose URL carries its own proof (a scheduling link's token): no CSRF token is asked for, as
     * the page posting it has no session (issue 35, decision 124).
     */
    tokenAuthorized?: boolean;
  }
}
