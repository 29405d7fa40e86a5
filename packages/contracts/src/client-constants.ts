/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

export const CLIENT_TYPES = ['finders_fee', 'retainer'] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];
export const CLIENT_TYPE_LABELS: Record<ClientType, string> = { finders_fee: "Finder's Fee", retainer: 'Retainer' };

/** 'Open' is the state the Active Jobs panel and the active-clients count use (spec §4). */
export const CLIENT_STATES = ['Prospect', 'Open', 'On Hold', 'Closed'] as const;

/** `recent_roles`: by when the client's newest active role was created (the Active Clients panel). */
export const CLIENT_ORDERINGS = [
  'name',
  '-name',
  'created_at',
  '-created_at',
  'active_roles_count',
  '-active_roles_count',
  'state',
  '-state',
  'recent_roles',
  '-recent_roles',
] as const;
