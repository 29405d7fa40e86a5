import { hasUserType, type UserType } from '@recruitdesk/contracts/user-types';

type UserLike = { user_type: UserType | UserType[] } | null | undefined;

/** Owner sees everything (spec §6). */
export const isOwner = (user: UserLike) => hasUserType(user, 'owner');

/** Invoices: owner only. */
export const canSeeInvoices = (user: UserLike) => hasUserType(user, 'owner');

/**
 * AI Chat: the spec says the item "requires superuser and is hidden for non-owners"; together with
 * "owner sees everything" and design §3 (the AI assistant is owner-only) only owners see it.
 */
export const canSeeAiChat = (user: UserLike) => hasUserType(user, 'owner');

/** Users administration: owner or superuser. */
export const canManageUsers = (user: UserLike) => hasUserType(user, 'owner', 'superuser');

/** Everyone but viewers may change data (design §3). */
export const canEdit = (user: UserLike) => hasUserType(user, 'owner', 'superuser', 'recruiter');

export { hasUserType };

/** Imports (issue 31): owner or superuser. */
export const canImport = (user: UserLike) => hasUserType(user, 'owner', 'superuser');

/** The agency's skill vocabulary (Settings → Skills vocabulary): owner or superuser change it. */
export const canManageSkillVocabulary = (user: UserLike) => hasUserType(user, 'owner', 'superuser');
