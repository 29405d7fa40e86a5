import type { SessionRow } from '../modules/sessions/sessions.service';
import type { UserRow } from '../modules/users/users.service';
import type { Deps } from '../lib/deps';

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    user: UserRow | null;
    session: SessionRow | null;
  }
  interface FastifyContextConfig {
    /** Reachable without a session (deny by default). */
    public?: boolean;
  }
}
