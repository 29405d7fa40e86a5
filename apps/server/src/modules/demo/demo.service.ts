import { randomBytes } from 'node:crypto';
import { ConfigError } from '../../config/env';
import { countUsers, createUser, getUserByEmail } from '../users/users.service';
import { checkPasswordPolicy, type PasswordOwner } from '../auth/auth.service';
import type { UserType } from '@recruitdesk/contracts/users';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { insertUser } from '../../factories/users.factory';
import type { AgencySettings } from '@recruitdesk/contracts/settings';
import { recordActivity } from '../activity/activity.service';
import { insertPendingInvitation } from '../registration/registration.service';
import { saveAgencySettings } from '../settings/settings.service';
import { generateCandidates } from './candidate-generator';
import { insertCandidates } from '../../factories/candidates.factory';
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
  money_visibility: 'all_but_viewers',
};

export type SeedResult =
  | { kind: 'demo-created'; emails: string[]; password: string; generatedPassword: boolean }
  | { kind: 'demo-exists'; emails: string[] }
  | { kind: 'owner-created'; email: string }
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
  await inTransaction(deps.db, async (tx) => {
    const owner = await createUser(tx, { email, password, userType: ['owner'] });
    await recordActivity(tx, {
      actor: owner,
      verb: 'created',
      modelType: 'user',
      objectId: owner.id,
      summary: `Owner account ${owner.email} created`,
    });
  });
  return { kind: 'owner-created', email };
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
    if (kind === 'postgres' || nodeEnv === 'production') return { kind: 'none' };
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
    if (owner)
      await seedDemoInvoices(tx, { owner, now, defaultFeePercent: DEMO_AGENCY_SETTINGS.default_finders_fee_percent });
  });
  return { kind: 'demo-created', emails, password, generatedPassword: !deps.config.demoPassword };
}
