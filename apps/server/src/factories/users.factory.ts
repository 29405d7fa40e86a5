import { randomBytes } from 'node:crypto';
import type { UserType } from '@recruitdesk/contracts/users';
import type { Db } from '../db/client';
import { createUser, type CreateUserInput, type UserRow } from '../modules/users/users.service';

export const DEFAULT_TEST_PASSWORD = 'Correct-Horse-Battery-9';

let sequence = 0;

/** Plain data for a user; unique email and username unless overridden. */
export function buildUser(overrides: Partial<CreateUserInput> = {}): CreateUserInput {
  sequence += 1;
  const tag = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}${sequence}`;
  const email = overrides.email ?? `user-${tag}@example.test`;
  return {
    email,
    username: overrides.username ?? email.toLowerCase(),
    firstName: 'Test',
    lastName: `User ${sequence}`,
    password: DEFAULT_TEST_PASSWORD,
    userType: ['recruiter'] as UserType[],
    timeZone: 'UTC',
    isActive: true,
    ...overrides,
  };
}

export function insertUser(db: Db, overrides: Partial<CreateUserInput> = {}): Promise<UserRow> {
  return createUser(db, buildUser(overrides));
}
