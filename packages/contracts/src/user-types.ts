// Plain constants and helpers, no zod: the app shell uses them without loading the schema library.

export const USER_TYPES = ['owner', 'superuser', 'recruiter', 'viewer'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** A user type may be stored as one value or a list (spec §3); normalise to a list. */
export function userTypesOf(user: { user_type: UserType | UserType[] } | null | undefined): UserType[] {
  if (!user) return [];
  return Array.isArray(user.user_type) ? user.user_type : [user.user_type];
}

export function hasUserType(
  user: { user_type: UserType | UserType[] } | null | undefined,
  ...types: UserType[]
): boolean {
  const held = userTypesOf(user);
  return types.some((type) => held.includes(type));
}

/** Most powerful first, so `primaryUserType` picks the first one held. */
const PRECEDENCE: UserType[] = ['owner', 'superuser', 'recruiter', 'viewer'];
export function primaryUserType(types: UserType[]): UserType {
  return PRECEDENCE.find((type) => types.includes(type)) ?? 'viewer';
}
