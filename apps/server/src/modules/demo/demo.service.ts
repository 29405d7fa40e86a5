import { randomBytes } from 'node:crypto';
import { ConfigError } from '../../config/env';
import { countUsers, createUser, getUserByEmail } from '../users/users.service';
import { checkPasswordPolicy, type PasswordOwner } from '../auth/auth.service';
import type { UserType } from '@recruitdesk/contracts/users';
import { and, arrayContains, count, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { insertUser } from '../../factories/users.factory';
import type { AgencySettings } from '@recruitdesk/contracts/settings';
import { recordActivity } from '../activity/activity.service';
import { usersTable } from '../users/users.table';
import { insertPendingInvitation } from '../registration/registration.service';
import { saveAgencySettings } from '../settings/settings.service';
import { generateCandidates } from './candidate-generator';
import { insertCandidates } from '../../factories/candidates.factory';
import { seedDemoEmailTemplates } from './demo-email-templates';
import { seedDemoClientsAndRoles } from './demo-clients';
import { seedDemoPipelines } from './demo-pipelines';
import { seedDemoInvoices } from './demo-invoices';
import { seedDemoApplications } from './demo-applications';
import { seedDemoJobPostings } from './demo-job-postings';

/** Demo candidates: enough to page and filter through and to fill every active role's pipelines. */
export const DEMO_CANDIDATES = 2500;

export const DEMO_USERS: { email: string; firstName: string; lastName: string; userType: UserType }[] = [
  { email: 'owner@demo.test', firstName: 'Olivia', lastName: 'Bennett', userType: 'owner' },
  { email: 'superuser@demo.test', firstName: 'Samuel', lastName: 'Okafor', userType: 'superuser' },
  { email: 'recruiter@demo.test', firstName: 'Rachel', lastName: 'Moreno', userType: 'recruiter' },
  { email: 'viewer@demo.test', firstName: 'Victor', lastName: 'Lindqvist', userType: 'viewer' },
];

export const DEMO_AGENCY_SETTINGS: AgencySettings = {
  agency_name: 'Northwind Talent Partners',
  currency: 'USD',
  default_finders_fee_percent: 22,
  default_payment_terms_days: 30,
  invoice_issuer: {
    legal_name: 'Northwind Talent Partners LLC',
    address: '1200 Harbor Boulevard, Suite 410\nSeattle, WA 98101\nUnited States',
    tax_id: 'EIN 84-2917365',
    bank_details:
      'Pacific Commerce Bank\nAccount name: Northwind Talent Partners LLC\nRouting: 125000024\nAccount: 4410 2287 9931',
    email: 'billing@northwind-talent.example',
    phone: '+1 206 555 0142',
  },
  privacy_text:
    'Northwind Talent Partners processes the details and resume you send to assess your application for this role and, with your consent, for similar roles with our clients. We keep them for up to two years and never sell them. You can ask us to see, correct or delete your data at any time: privacy@northwind-talent.example.',
  country: 'US',
  postal_code: '98101',
  money_visibility: 'all_but_viewers',
};

export type SeedResult =
  | { kind: 'demo-created'; emails: string[]; password: string; generatedPassword: boolean }
  | { kind: 'demo-exists'; emails: string[] }
  | { kind: 'owner-created'; email: string }
  | { kind: 'demo-removed'; emails: string[]; ownerCreated: string | null }
  | { kind: 'none' };

function randomPassword(): string {
  // 16 characters from an unambiguous alphabet.
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  return Array.from(randomBytes(16), (byte) => alphabet[byte % alphabet.length]).join('');
}

/** The variables that create the first owner (named in the refusal to start). */
export const OWNER_VARIABLES = ['OWNER_EMAIL', 'OWNER_PASSWORD'] as const;

/** A password from the environment meets the same policy as any other (security §7); else start-up stops. */
function requirePolicy(variable: string, password: string, owners: PasswordOwner[]): void {
  const problems = [...new Set(owners.flatMap((owner) => checkPasswordPolicy(password, owner)))];
  if (problems.length > 0) throw new ConfigError(variable, `does not meet the password policy: ${problems.join(' ')}`);
}

async function createFirstOwner(deps: Deps, email: string, password: string): Promise<SeedResult> {
  requirePolicy('OWNER_PASSWORD', password, [{ email }]);
  await inTransaction(deps.db, (tx) => insertFirstOwner(tx, email, password));
  return { kind: 'owner-created', email };
}

async function insertFirstOwner(tx: Db, email: string, password: string): Promise<void> {
  const owner = await createUser(tx, { email, password, userType: ['owner'] });
  await recordActivity(tx, {
    actor: owner,
    verb: 'created',
    modelType: 'user',
    objectId: owner.id,
    summary: `Owner account ${owner.email} created`,
  });
}

/** The command that removes the demo logins, named in the refusal to start, the log and docs/deployment.md. */
export const REMOVE_DEMO_COMMAND = 'REMOVE_DEMO_ACCOUNTS=1 NODE_ENV=production npm start';

/**
 * Production on a database that already has users (issue 29 item 6): a data directory first started with
 * the demo agency still has its four logins, whose password was printed at that start. While any of them
 * exists the server refuses to start, naming the command that removes them; with REMOVE_DEMO_ACCOUNTS it
 * deletes them (their sessions and chats go with them, their records keep no author), first creating the
 * owner from OWNER_EMAIL/OWNER_PASSWORD when no other active owner would be left.
 */
async function demoAccountsInProduction(deps: Deps): Promise<SeedResult> {
  const emails = DEMO_USERS.map((user) => user.email);
  const demo = await deps.db
    .select({ id: usersTable.id, email: usersTable.email })
    .from(usersTable)
    .where(inArray(sql`lower(${usersTable.email})`, emails));
  if (demo.length === 0) return { kind: 'none' };
  const found = demo.map((user) => user.email).join(', ');
  if (!deps.config.removeDemoAccounts)
    throw new ConfigError(
      'REMOVE_DEMO_ACCOUNTS',
      'demo logins exist in production',
      `NODE_ENV=production, but this database still has the demo agency's logins (${found}), whose password was printed when it was first started. Remove them once with: ${REMOVE_DEMO_COMMAND} (with OWNER_EMAIL and OWNER_PASSWORD too when no other owner exists). Their records stay, with no author. See docs/deployment.md.`,
    );
  const { ownerEmail, ownerPassword } = deps.config;
  const ids = demo.map((user) => user.id);
  let ownerCreated: string | null = null;
  await inTransaction(deps.db, async (tx) => {
    const [others] = await tx
      .select({ n: count() })
      .from(usersTable)
      .where(
        and(
          eq(usersTable.isActive, true),
          arrayContains(usersTable.userType, ['owner']),
          notInArray(usersTable.id, ids),
        ),
      );
    if (!others?.n) {
      if (!ownerEmail || !ownerPassword)
        throw new ConfigError(
          'OWNER_EMAIL',
          'required to remove the demo owner',
          `Removing the demo logins would leave no active owner: set ${OWNER_VARIABLES.join(' and ')} as well, and the owner is created first (${REMOVE_DEMO_COMMAND}).`,
        );
      requirePolicy('OWNER_PASSWORD', ownerPassword, [{ email: ownerEmail }]);
      await insertFirstOwner(tx, ownerEmail, ownerPassword);
      ownerCreated = ownerEmail;
    }
    await tx.delete(usersTable).where(inArray(usersTable.id, ids));
    for (const user of demo)
      await recordActivity(tx, {
        actor: null,
        verb: 'deleted',
        modelType: 'user',
        objectId: user.id,
        summary: `Demo login ${user.email} removed at start-up (REMOVE_DEMO_ACCOUNTS)`,
      });
  });
  return { kind: 'demo-removed', emails: demo.map((user) => user.email), ownerCreated };
}

/**
 * First start on a database without users (security §25):
 * - production (`NODE_ENV=production`), either database: never the demo agency; the first owner comes from
 *   OWNER_EMAIL/OWNER_PASSWORD, and without them start-up is refused (ConfigError naming both);
 * - otherwise, the embedded database gets the demo agency (what `npm start` shows), PostgreSQL the owner
 *   from OWNER_EMAIL/OWNER_PASSWORD when given.
 * Passwords from the environment (OWNER_PASSWORD, DEMO_PASSWORD) must meet the password policy.
 */
export async function seedOnStart(deps: Deps, kind: 'pglite' | 'postgres'): Promise<SeedResult> {
  const existing = await countUsers(deps.db);
  const { ownerEmail, ownerPassword, nodeEnv } = deps.config;
  const emails = DEMO_USERS.map((user) => user.email);
  if (existing > 0) {
    if (nodeEnv === 'production') return demoAccountsInProduction(deps);
    if (kind === 'postgres') return { kind: 'none' };
    const found = await getUserByEmail(deps.db, DEMO_USERS[0]?.email ?? '');
    return found ? { kind: 'demo-exists', emails } : { kind: 'none' };
  }
  if (nodeEnv === 'production') {
    if (!ownerEmail || !ownerPassword) {
      const missing = OWNER_VARIABLES.filter((name) => !(name === 'OWNER_EMAIL' ? ownerEmail : ownerPassword));
      throw new ConfigError(
        missing[0] ?? 'OWNER_EMAIL',
        'required on an empty database in production',
        `The database has no users and NODE_ENV=production, where the demo agency is never created: set ${OWNER_VARIABLES.join(' and ')} to create the first owner (missing: ${missing.join(', ')}).`,
      );
    }
    return createFirstOwner(deps, ownerEmail, ownerPassword);
  }
  if (kind === 'postgres') {
    if (!ownerEmail || !ownerPassword) return { kind: 'none' };
    return createFirstOwner(deps, ownerEmail, ownerPassword);
  }
  if (deps.config.demoPassword) requirePolicy('DEMO_PASSWORD', deps.config.demoPassword, DEMO_USERS);
  const password = deps.config.demoPassword ?? randomPassword();
  await inTransaction(deps.db, async (tx) => {
    const created = [];
    for (const demo of DEMO_USERS) {
      created.push(
        await insertUser(tx, {
          email: demo.email,
          username: demo.email.split('@')[0] ?? demo.email,
          firstName: demo.firstName,
          lastName: demo.lastName,
          password,
          userType: [demo.userType],
          timeZone: 'UTC',
        }),
      );
    }
    const owner = created[0] ?? null;
    for (const user of created) {
      await recordActivity(tx, {
        actor: owner,
        verb: 'created',
        modelType: 'user',
        objectId: user.id,
        summary: `${user.firstName} ${user.lastName} joined as ${user.userType.join(', ')}`,
      });
    }
    const now = deps.config.now();
    await saveAgencySettings(tx, owner, DEMO_AGENCY_SETTINGS, now);
    if (owner)
      await insertPendingInvitation(tx, {
        email: 'alex.chen@demo.test',
        userTypes: ['recruiter'],
        inviter: owner,
        now,
      });
    const { clientRows, roleRows } = await seedDemoClientsAndRoles(tx, created, now);
    await insertCandidates(
      tx,
      generateCandidates(DEMO_CANDIDATES, { now, createdById: created[2]?.id ?? owner?.id ?? null }),
    );
    await seedDemoPipelines(tx, { users: created, clientRows, roleRows, now });
    await seedDemoJobPostings(tx, {
      roleRows,
      now,
      zone: deps.config.agencyTimeZone,
      currency: DEMO_AGENCY_SETTINGS.currency,
    });
    await seedDemoApplications(tx, { roleRows, users: created, now });
    await seedDemoEmailTemplates(tx, owner?.id ?? null, now);
    if (owner)
      await seedDemoInvoices(tx, { owner, now, defaultFeePercent: DEMO_AGENCY_SETTINGS.default_finders_fee_percent });
  });
  return { kind: 'demo-created', emails, password, generatedPassword: !deps.config.demoPassword };
}
