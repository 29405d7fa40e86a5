import { hasUserType, type UserType } from '@recruitdesk/contracts/users';
import { AppError, ERROR_MESSAGES } from './errors';

export interface Actor {
  id: number;
  user_type: UserType[];
}

/** What each action needs (design §3). Owner may do everything. */
const RULES = {
  'users.manage': ['superuser'],
  'settings.manage': ['superuser'],
  /** Agency settings (name, currency, fees, invoice issuer): owners only. */
  'agency.manage': [],
  'records.read': ['superuser', 'recruiter', 'viewer'],
  // Clients, roles, qualifications, notes (and later candidates, pipelines): superusers and recruiters work them.
  'records.write': ['superuser', 'recruiter'],
  'invoices.manage': [],
  'assistant.use': [],
} as const satisfies Record<string, readonly UserType[]>;

export type Action = keyof typeof RULES;

export function can(user: Actor | null | undefined, action: Action): boolean {
  if (!user) return false;
  return hasUserType(user, 'owner', ...RULES[action]);
}

export function forbidden(): AppError {
  return new AppError('FORBIDDEN', 403, ERROR_MESSAGES.forbidden);
}

export function assertCan(user: Actor | null | undefined, action: Action): void {
  if (!can(user, action)) throw forbidden();
}

export function assertUserType(user: Actor | null | undefined, ...types: UserType[]): void {
  if (!user || !hasUserType(user, 'owner', ...types)) throw forbidden();
}
