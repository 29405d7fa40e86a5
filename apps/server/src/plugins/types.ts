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
     * The path's token is the credential (the shortlist portal's POSTs, issue 35): no session and no CSRF token
     * are asked for; the Origin / Sec-Fetch-Site check still applies (decision 122).
     */
    tokenLink?: boolean;
  }
}
