import { randomBytes } from 'node:crypto';
import type { UserType } from '@recruitdesk/contracts/users';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { insertUser } from '../../test/factories/users.factory';
import type { AgencySettings } from '@recruitdesk/contracts/settings';
import { recordActivity } from '../activity/activity.service';
import { insertPendingInvitation } from '../registration/registration.service';
import { saveAgencySettings } from '../settings/settings.service';
import { generateCandidates } from '../candidates/candidate-generator';
import { insertCandidateRows } from '../candidates/candidates.service';
import { seedDemoClientsAndRoles } from './demo-clients';
import { seedDemoPipelines } from './demo-pipelines';

/** Demo candidates: enough to page and filter through and to fill every active role's pipelines. */
export const DEMO_CANDIDATES = 2500;
import { countUsers, createUser, getUserByEmail } from '../users/users.service';

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
    bank_details: 'Pacific Commerce Bank\nAccount name: Northwind Talent Partners LLC\nRouting: 125000024\nAccount: 4410 2287 9931',
    email: 'billing@northwind-talent.example',
    phone: '+1 206 555 0142',
  },
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

/**
 * First start: on the embedded database with no users, load the demo agency; on PostgreSQL with no users,
 * create the owner from OWNER_EMAIL/OWNER_PASSWORD when given.
 */
export async function seedOnStart(deps: Deps, kind: 'pglite' | 'postgres'): Promise<SeedResult> {
  const existing = await countUsers(deps.db);
  if (kind === 'postgres') {
    const { ownerEmail, ownerPassword } = deps.config;
    if (existing > 0 || !ownerEmail || !ownerPassword) return { kind: 'none' };
    await inTransaction(deps.db, async (tx) => {
      const owner = await createUser(tx, { email: ownerEmail, password: ownerPassword, userType: ['owner'] });
      await recordActivity(tx, { actor: owner, verb: 'created', modelType: 'user', objectId: owner.id, summary: `Owner account ${owner.email} created` });
    });
    return { kind: 'owner-created', email: ownerEmail };
  }
  const emails = DEMO_USERS.map((user) => user.email);
  if (existing > 0) {
    const found = await getUserByEmail(deps.db, DEMO_USERS[0]?.email ?? '');
    return found ? { kind: 'demo-exists', emails } : { kind: 'none' };
  }
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
      await recordActivity(tx, { actor: owner, verb: 'created', modelType: 'user', objectId: user.id, summary: `${user.firstName} ${user.lastName} joined as ${user.userType.join(', ')}` });
    }
    const now = deps.config.now();
    await saveAgencySettings(tx, owner, DEMO_AGENCY_SETTINGS, now);
    if (owner) await insertPendingInvitation(tx, { email: 'alex.chen@demo.test', userTypes: ['recruiter'], inviter: owner, now });
    const { clientRows, roleRows } = await seedDemoClientsAndRoles(tx, created, now);
    await insertCandidateRows(tx, generateCandidates(DEMO_CANDIDATES, { now, createdById: created[2]?.id ?? owner?.id ?? null }));
    await seedDemoPipelines(tx, { users: created, clientRows, roleRows, now });
  });
  return { kind: 'demo-created', emails, password, generatedPassword: !deps.config.demoPassword };
}
