import { z } from 'zod';

export const USER_TYPES = ['owner', 'superuser', 'recruiter', 'viewer'] as const;
export const UserTypeSchema = z.enum(USER_TYPES);
export type UserType = z.infer<typeof UserTypeSchema>;

export const THEMES = ['light', 'dark'] as const;
export const ThemeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof ThemeSchema>;

/** The user as every API response shows it (spec §3, design §3). */
export const UserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  initials: z.string(),
  /** Primary user type: the most powerful one the user holds. */
  role: UserTypeSchema,
  user_role: UserTypeSchema,
  user_type: z.array(UserTypeSchema),
  profile_picture_url: z.string().nullable(),
  time_zone: z.string(),
  theme: ThemeSchema,
  is_active: z.boolean(),
  last_login: z.string().nullable(),
  date_joined: z.string(),
});
export type User = z.infer<typeof UserSchema>;

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
