import type { SQL } from 'drizzle-orm';
import type { SubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { slot } from '../../lib/slot';

/** Role counts per client, grouped once and joined into the client list and detail (no query per client). */
export type RoleCountsByClient = SubqueryWithSelection<
  {
    clientId: SQL.Aliased<number>;
    total: SQL.Aliased<number>;
    active: SQL.Aliased<number>;
    latestActive: SQL.Aliased<Date | null>;
  },
  'role_counts'
>;

/**
 * What the modules under a client tell the clients module at start-up (decision 008): the roles module
 * its role counts, the pipelines module how many pipelines the client's roles have (a delete's blockers).
 */
export const roleCountsByClient = slot<(db: Db) => RoleCountsByClient>('The roles of a client');
export const pipelineCountOfClient = slot<(db: Db, clientId: number) => Promise<number>>('The pipelines of a client');

/** A client's single contact fields as its form sends them (decision 104). */
export interface ClientContactFields {
  name: string;
  email: string;
  phone: string;
}

/**
 * The contacts module owns a client's contacts (decision 104); the client form's contact fields create or
 * update the client's main contact through this, inside the client's transaction.
 */
export const mainContactOfClient =
  slot<
    (
      tx: Db,
      actor: { id: number; firstName: string; lastName: string; username: string; email: string },
      clientId: number,
      fields: ClientContactFields,
    ) => Promise<void>
  >('The main contact of a client');
