import type { User, UserType } from '@recruitdesk/contracts/users';

export function buildUser(overrides: Partial<User> = {}): User {
  const types: UserType[] = overrides.user_type ?? ['recruiter'];
  return {
    id: 1,
    email: 'olivia@agency.test',
    username: 'olivia',
    first_name: 'Olivia',
    last_name: 'Martin',
    name: 'Olivia Martin',
    initials: 'OM',
    role: types[0] ?? 'recruiter',
    user_role: types[0] ?? 'recruiter',
    user_type: types,
    profile_picture_url: null,
    time_zone: 'Europe/London',
    theme: 'light',
    sidebar_collapsed: false,
    is_active: true,
    last_login: '2026-03-01T09:00:00Z',
    date_joined: '2025-01-01T09:00:00Z',
    ...overrides,
  };
}

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
