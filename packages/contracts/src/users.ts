import { z } from 'zod';
import { pageQueryShape } from './common';

import { THEMES, USER_TYPES, type UserType } from './user-types';

export { hasUserType, primaryUserType, THEMES, USER_TYPES, userTypesOf } from './user-types';
export type { Theme, UserType } from './user-types';

export const UserTypeSchema = z.enum(USER_TYPES);
export const ThemeSchema = z.enum(THEMES);

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
  /** The large-screen sidebar shows icons only (kept like the theme). */
  sidebar_collapsed: z.boolean(),
  /** The user's email signature (sanitised HTML), appended to the messages they send (issue 33). */
  email_signature: z.string().optional(),
  is_active: z.boolean(),
  last_login: z.string().nullable(),
  date_joined: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** One line each, for the user-type pickers (GET /api/registration/user-types/). */
export const USER_TYPE_DESCRIPTIONS: Record<UserType, { label: string; description: string }> = {
  owner: {
    label: 'Owner',
    description: 'Everything, including invoices, payouts, agency settings and the AI assistant.',
  },
  superuser: {
    label: 'Superuser',
    description: 'Administers users, invitations and settings, and works every record.',
  },
  recruiter: {
    label: 'Recruiter',
    description: 'Works clients, roles, candidates, pipelines, notes, calendar and job posting.',
  },
  viewer: { label: 'Viewer', description: 'Reads everything they may see; changes nothing.' },
};

export const UserTypeInfoSchema = z.object({
  value: UserTypeSchema,
  label: z.string(),
  description: z.string(),
});
export const UserTypesResponseSchema = z.object({
  success: z.literal(true),
  user_types: z.array(UserTypeInfoSchema),
});
export type UserTypesResponse = z.infer<typeof UserTypesResponseSchema>;

/** One value or a list (spec §3), at least one, no repeats; normalised to a list. */
export const UserTypeInputSchema = z
  .union([UserTypeSchema, z.array(UserTypeSchema)])
  .transform((value) => [...new Set(Array.isArray(value) ? value : [value])])
  .refine((list) => list.length > 0, 'Choose at least one user type.');

export const USER_ORDERINGS = [
  'name',
  '-name',
  'email',
  '-email',
  'last_login',
  '-last_login',
  'date_joined',
  '-date_joined',
] as const;

export const UserListQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  user_type: UserTypeSchema.optional(),
  is_active: z.enum(['true', 'false']).optional(),
  ordering: z.enum(USER_ORDERINGS).default('name'),
  ...pageQueryShape(25),
});
export type UserListQuery = z.input<typeof UserListQuerySchema>;

/**
 * A colleague as users who cannot administer see them (spec §6: the Users item is shown to everyone):
 * name, user types and status, no email, username or sign-in times.
 */
export const UserDirectoryEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  initials: z.string(),
  role: UserTypeSchema,
  user_type: z.array(UserTypeSchema),
  profile_picture_url: z.string().nullable(),
  is_active: z.boolean(),
});
export type UserDirectoryEntry = z.infer<typeof UserDirectoryEntrySchema>;

/**
 * GET /api/users/: owners and superusers get the full users (`view: "admin"`); everyone else the
 * read-only directory (`view: "directory"`), searched by name only and sorted by name only.
 */
export const UserListResponseSchema = z.discriminatedUnion('view', [
  z.object({
    success: z.literal(true),
    view: z.literal('admin'),
    results: z.array(UserSchema),
    count: z.number().int(),
  }),
  z.object({
    success: z.literal(true),
    view: z.literal('directory'),
    results: z.array(UserDirectoryEntrySchema),
    count: z.number().int(),
  }),
]);
export type UserListResponse = z.infer<typeof UserListResponseSchema>;

export const UserDetailResponseSchema = z.object({
  success: z.literal(true),
  user: UserSchema,
  sessions_count: z.number().int(),
});
export type UserDetailResponse = z.infer<typeof UserDetailResponseSchema>;

/** PATCH /api/users/{id}/role/ */
export const UpdateUserRoleInputSchema = z.object({ user_type: UserTypeInputSchema });
export type UpdateUserRoleInput = z.input<typeof UpdateUserRoleInputSchema>;

export const UserResponseSchema = z.object({ success: z.literal(true), user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

/** Refusals of the user administration endpoints (409 or 403), and the detail's 404. */
export const USER_ERRORS = {
  NOT_FOUND: 'User not found.',
  LAST_OWNER: 'The agency must keep at least one active owner.',
  OWNER_ONLY: 'Only an owner can grant or change the owner user type.',
  SELF_LOCKOUT: 'You cannot remove your own access. Ask another owner or superuser.',
  USERNAME_TAKEN: 'This username is taken.',
} as const;
export type UserErrorCode = keyof typeof USER_ERRORS;
