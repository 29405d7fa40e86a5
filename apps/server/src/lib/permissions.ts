import type { MoneyVisibility } from '@recruitdesk/contracts/settings-constants';
import type { UserType } from '@recruitdesk/contracts/users';
import { AppError, ERROR_MESSAGES } from './errors';

/** The acting user as the checks read them: their users row (its `userType` column) or anything with one. */
export interface PermissionSubject {
  userType: readonly string[];
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
  /** A person's data (issue 34): the access export, restriction and erasure. Owners decide (decision 118). */
  'personal-data.manage': [],
} as const satisfies Record<string, readonly UserType[]>;

export type Action = keyof typeof RULES;

/** Whether the user holds one of the types given (an owner holds every right, so name it when meant). */
const holds = (user: PermissionSubject, types: readonly UserType[]) =>
  user.userType.some((type) => (types as readonly string[]).includes(type));

export function can(user: PermissionSubject | null | undefined, action: Action): boolean {
  if (!user) return false;
  return holds(user, ['owner', ...RULES[action]]);
}

export function forbidden(): AppError {
  return new AppError('FORBIDDEN', 403, ERROR_MESSAGES.forbidden);
}

export function assertCan(user: PermissionSubject | null | undefined, action: Action): void {
  if (!can(user, action)) throw forbidden();
}

export function assertUserType(user: PermissionSubject | null | undefined, ...types: UserType[]): void {
  if (!user || !holds(user, ['owner', ...types])) throw forbidden();
}

/** The user types each `money_visibility` setting lets see fees (decision 071); owners always do. */
const MONEY_READERS: Record<MoneyVisibility, readonly UserType[]> = {
  owners: [],
  owners_and_superusers: ['superuser'],
  all_but_viewers: ['superuser', 'recruiter'],
};

/**
 * Whether the user sees the agency's fees (fees and fee %, payouts, retainer amounts and instalments,
 * revenue) under the agency's `money_visibility` setting. The one rule every serializer asks (decision
 * 071): the server leaves the fields out for whoever this says no to. Pass the setting; modules read it
 * through `moneyVisibleTo` in settings.service.
 */
export function canSeeMoney(user: PermissionSubject | null | undefined, visibility: MoneyVisibility): boolean {
  if (!user) return false;
  return holds(user, ['owner', ...MONEY_READERS[visibility]]);
}
