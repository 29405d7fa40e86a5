// Over 400 lines: the three import kinds (candidates, clients, roles) side by side, so their differences read as one table.
// What differs between importing candidates, clients and roles: how a row's values become a record's
// columns, the keys a duplicate is recognised by, and the bulk reads and writes (through each module's
// service, so derived columns such as a candidate's search text are computed the one way).
import type { ImportKind } from '@recruitdesk/contracts/import-fields';
import type { DuplicateMatch } from '@recruitdesk/contracts/imports';
import type { Db } from '../../db/client';
import { calendarDateIn } from '../../lib/time-zone';
import { addMonths } from '../settings/settings.service';
import {
  candidatesChangedInBulk,
  findDuplicateCandidatesOfBatch,
  insertCandidateRowsReturningIds,
  phoneKey,
  setCandidateFieldsRow,
  type CandidateValues,
} from '../candidates/candidates.service';
import { candidatesTable } from '../candidates/candidates.table';
import {
  findClientRowsByNamesOrDomains,
  insertClientRows,
  newClientDefaults,
  updateClientRow,
  type NewClientRow,
} from '../clients/clients.service';
import { insertImportedClientContacts } from '../contacts/contacts.service';
import { findRoleRowsByClientsAndTitles, insertRoleRows, updateRoleRow, type NewRoleRow } from '../roles/roles.service';
import { normalisePhoneE164 } from './reading';

export type Entity = 'candidate' | 'client' | 'role';
export type Columns = Record<string, unknown>;

/** What every row is prepared with (the agency's settings and the importing user). */
export interface ImportContext {
  defaultCountry: string;
  currency: string;
  actorId: number | null;
  timeZone: string;
  now: Date;
  /** The agency's retention period (issue 34): an imported candidate's legal basis lasts this long. */
  retentionMonths?: number;
}

/** A record in the database a row may be a duplicate of. */
export interface ExistingRecord {
  id: number;
  name: string;
  columns: Columns;
}

export interface DuplicateKey {
  by: Exclude<DuplicateMatch, 'file'>;
  key: string;
}

export interface KindAdapter {
  entity: Entity;
  /** Why the mapping cannot import this kind (a required field not mapped), or null. */
  mappingProblem(mapped: ReadonlySet<string>): string | null;
  /** The record's columns from the row's normalised values; `refuse` when a required value is missing. */
  columnsOf(values: Record<string, unknown>, context: ImportContext, lookups: BatchLookups): ColumnsResult;
  /** The keys a duplicate is recognised by, strongest first. */
  keysOf(columns: Columns, context: ImportContext): DuplicateKey[];
  nameOf(columns: Columns): string;
  /** Keys the database keeps unique (a client's name): "create anyway" refuses such a duplicate. */
  uniqueKeyPrefix?: string;
  /** Columns update_empty may fill (never a name, a status or the creation date). */
  fillable: readonly string[];
  /** Reads what the rows' values refer to before they become columns (roles: their clients by name). */
  resolve?(db: Db, values: Array<Record<string, unknown>>): Promise<Pick<BatchLookups, 'clientIds'>>;
  /** Existing records by every key of the batch's rows (one query). */
  lookup(db: Db, rows: Columns[], context: ImportContext): Promise<Map<string, ExistingRecord>>;
  insert(db: Db, rows: Columns[]): Promise<number[]>;
  /** Sets some columns of one record (derived columns recomputed); its updated_at after, or null when gone. */
  update(db: Db, id: number, set: Columns, now: Date): Promise<Date | null>;
  /** After a bulk write or undo (caches the module keeps). */
  changed(db: Db): void;
}

export interface BatchLookups {
  /** Roles: client ids by lower-cased client name. */
  clientIds?: Map<string, number>;
}

export type ColumnsResult = { columns: Columns; refuse: null } | { columns: null; refuse: string };

const text = (value: unknown): string => (typeof value === 'string' ? value : value == null ? '' : String(value));
const lower = (value: unknown) => text(value).trim().toLowerCase();
/** The reading module gives amounts in minor units (cents); the numeric columns hold major units. */
const money = (value: unknown): string | null =>
  typeof value === 'number' && Number.isInteger(value) ? formatMinor(value) : null;
function formatMinor(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
const dateTime = (value: unknown, fallback: Date): Date =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)
    ? new Date(`${value.slice(0, 10)}T00:00:00Z`)
    : fallback;

/** Whether a stored value counts as empty (what update_empty may fill). */
export const isEmptyValue = (value: unknown): boolean =>
  value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0);

/** The web address's host without www., lower-cased ('' when none). */
export function websiteDomain(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\/(www\.)?/, '')
    .replace(/[/:?#].*$/, '');
}

// ---- candidates ----

/** The candidate columns each field key fills (first/last/full name handled apart). */
const CANDIDATE_COLUMNS: Record<string, string> = {
  email: 'email',
  phone: 'phone',
  location: 'location',
  current_title: 'currentTitle',
  current_company: 'currentCompany',
  linkedin_url: 'linkedinUrl',
  github_url: 'githubUrl',
  portfolio_url: 'portfolioUrl',
  skills: 'skills',
  years_experience: 'yearsExperience',
  desired_salary: 'desiredSalary',
  desired_salary_currency: 'desiredSalaryCurrency',
  status: 'status',
  source: 'source',
  consent_date: 'consentDate',
};
/** Columns this database's candidates have (github/portfolio arrive with another change). */
const candidateHas = (column: string) => column in candidatesTable;

const phoneKeysOf = (phone: string, country: string): string[] => {
  const e164 = normalisePhoneE164(phone, country);
  const digits = phoneKey(e164 ?? phone);
  return [e164 ? `phone:${e164}` : null, digits ? `phonekey:${digits}` : null].filter((k): k is string => k !== null);
};

const candidates: KindAdapter = {
  entity: 'candidate',
  mappingProblem(mapped) {
    return mapped.has('full_name') || (mapped.has('first_name') && mapped.has('last_name'))
      ? null
      : 'Map the first and last name (or a full name) to import candidates.';
  },
  columnsOf(values, context) {
    const first = text(values.first_name).trim();
    const last = text(values.last_name).trim();
    if (!first) return { columns: null, refuse: 'The first name is missing.' };
    if (!last) return { columns: null, refuse: 'The last name is missing.' };
    const columns: Columns = {
      firstName: first,
      lastName: last,
      email: '',
      phone: '',
      location: '',
      currentTitle: '',
      currentCompany: '',
      linkedinUrl: '',
      skills: [],
      source: '',
      status: 'active',
      desiredSalaryCurrency: context.currency,
    };
    for (const [key, column] of Object.entries(CANDIDATE_COLUMNS)) {
      const value = values[key];
      if (value === null || value === undefined || !candidateHas(column)) continue;
      columns[column] =
        key === 'desired_salary' ? money(value) : key === 'desired_salary_currency' ? text(value).toUpperCase() : value;
    }
    columns.createdAt = dateTime(values.created_at, context.now);
    // Imported people are held on legitimate interest for the agency's period (issue 34).
    columns.legalBasis = 'legitimate_interest';
    columns.legalBasisSource = 'import';
    columns.legalBasisAt = context.now;
    columns.legalBasisExpiresAt = addMonths(context.now, context.retentionMonths ?? 24);
    return { columns, refuse: null };
  },
  keysOf(columns, context) {
    const keys: DuplicateKey[] = [];
    const email = lower(columns.email);
    if (email) keys.push({ by: 'email', key: `email:${email}` });
    if (text(columns.phone)) {
      for (const key of phoneKeysOf(text(columns.phone), context.defaultCountry)) keys.push({ by: 'phone', key });
    }
    const company = lower(columns.currentCompany);
    if (company)
      keys.push({ by: 'name_company', key: `nc:${lower(columns.firstName)} ${lower(columns.lastName)}|${company}` });
    return keys;
  },
  nameOf: (columns) => `${text(columns.firstName)} ${text(columns.lastName)}`.trim(),
  fillable: [
    'email',
    'phone',
    'location',
    'currentTitle',
    'currentCompany',
    'linkedinUrl',
    'githubUrl',
    'portfolioUrl',
    'skills',
    'yearsExperience',
    'desiredSalary',
    'source',
    'consentDate',
  ].filter(candidateHas),
  async lookup(db, rows, context) {
    const emails = new Set<string>();
    const phones = new Set<string>();
    const namesAtCompanies: Array<{ first: string; last: string; company: string }> = [];
    for (const columns of rows) {
      const email = lower(columns.email);
      if (email) emails.add(email);
      const digits = phoneKey(text(columns.phone));
      if (digits) phones.add(digits);
      const company = lower(columns.currentCompany);
      if (company) namesAtCompanies.push({ first: lower(columns.firstName), last: lower(columns.lastName), company });
    }
    const found = await findDuplicateCandidatesOfBatch(db, {
      emails: [...emails],
      phoneKeys: [...phones],
      namesAtCompanies,
    });
    const byKey = new Map<string, ExistingRecord>();
    for (const row of found) {
      const record: ExistingRecord = { id: row.id, name: candidates.nameOf(row), columns: row };
      for (const { key } of candidates.keysOf(row, context)) if (!byKey.has(key)) byKey.set(key, record);
    }
    return byKey;
  },
  async insert(db, rows) {
    return insertCandidateRowsReturningIds(db, rows as unknown as CandidateValues[]);
  },
  async update(db, id, set, now) {
    const row = await setCandidateFieldsRow(db, id, set as Partial<CandidateValues>, now);
    return row?.updatedAt ?? null;
  },
  changed: candidatesChangedInBulk,
};

// ---- clients ----

const CLIENT_COLUMNS: Record<string, string> = {
  client_type: 'clientType',
  state: 'state',
  website: 'website',
  industry: 'industry',
  location: 'location',
  contact_name: 'contactName',
  contact_email: 'contactEmail',
  contact_phone: 'contactPhone',
  guarantee_days: 'guaranteeDays',
  payment_terms_days: 'paymentTermsDays',
  currency: 'currency',
};

/** The agency's defaults for a new client, read once per batch (clientValues' rules: createClient). */
let clientDefaults: { db: Db; type: string; values: Awaited<ReturnType<typeof newClientDefaults>> } | null = null;

const clients: KindAdapter = {
  entity: 'client',
  mappingProblem: (mapped) => (mapped.has('name') ? null : 'Map the client name to import clients.'),
  columnsOf(values, context) {
    const name = text(values.name).trim();
    if (!name) return { columns: null, refuse: 'The client name is missing.' };
    const columns: Columns = { name, clientType: 'finders_fee', state: 'Open', ownerId: context.actorId };
    for (const [key, column] of Object.entries(CLIENT_COLUMNS)) {
      const value = values[key];
      if (value !== null && value !== undefined)
        columns[column] = key === 'currency' ? text(value).toUpperCase() : value;
    }
    columns.createdAt = dateTime(values.created_at, context.now);
    return { columns, refuse: null };
  },
  keysOf(columns) {
    const keys: DuplicateKey[] = [{ by: 'name', key: `name:${lower(columns.name)}` }];
    const domain = websiteDomain(text(columns.website));
    if (domain) keys.push({ by: 'name', key: `domain:${domain}` });
    return keys;
  },
  nameOf: (columns) => text(columns.name),
  uniqueKeyPrefix: 'name:',
  fillable: ['website', 'industry', 'location', 'contactName', 'contactEmail', 'contactPhone', 'guaranteeDays'],
  async lookup(db, rows) {
    const names = [...new Set(rows.map((columns) => lower(columns.name)).filter(Boolean))];
    const domains = [...new Set(rows.map((columns) => websiteDomain(text(columns.website))).filter(Boolean))];
    const found = await findClientRowsByNamesOrDomains(db, names, domains);
    const byKey = new Map<string, ExistingRecord>();
    for (const row of found) {
      const record: ExistingRecord = { id: row.id, name: row.name, columns: row };
      for (const { key } of clients.keysOf(row, {} as ImportContext)) if (!byKey.has(key)) byKey.set(key, record);
    }
    return byKey;
  },
  async insert(db, rows) {
    const withDefaults: NewClientRow[] = [];
    for (const columns of rows) {
      const type = text(columns.clientType) || 'finders_fee';
      if (!clientDefaults || clientDefaults.db !== db || clientDefaults.type !== type)
        clientDefaults = { db, type, values: await newClientDefaults(db, type) };
      withDefaults.push({ ...clientDefaults.values, ...(columns as unknown as NewClientRow) });
    }
    clientDefaults = null;
    const inserted = await insertClientRows(db, withDefaults);
    await insertImportedClientContacts(
      db,
      inserted.map((row) => ({
        clientId: row.id,
        fields: { name: row.contactName, email: row.contactEmail, phone: row.contactPhone },
      })),
    );
    return inserted.map((row) => row.id);
  },
  async update(db, id, set, now) {
    const row = await updateClientRow(db, id, { ...(set as Partial<NewClientRow>), updatedAt: now });
    return row?.updatedAt ?? null;
  },
  changed: () => {},
};

// ---- roles ----

const ROLE_COLUMNS: Record<string, string> = {
  location: 'location',
  status: 'state',
  remote_type: 'remoteType',
  employment_type: 'employmentType',
  priority: 'priority',
  openings: 'openings',
  salary_min: 'salaryMin',
  salary_max: 'salaryMax',
  salary_currency: 'salaryCurrency',
  opened_at: 'openedAt',
  target_fill_date: 'targetFillDate',
  description: 'descriptionText',
};

const roles: KindAdapter = {
  entity: 'role',
  mappingProblem: (mapped) =>
    mapped.has('title') && mapped.has('client_name') ? null : 'Map the job title and the client to import roles.',
  columnsOf(values, context, lookups) {
    const title = text(values.title).trim();
    if (!title) return { columns: null, refuse: 'The job title is missing.' };
    const clientName = text(values.client_name).trim();
    if (!clientName) return { columns: null, refuse: 'The client is missing.' };
    const clientId = lookups.clientIds?.get(clientName.toLowerCase());
    if (clientId === undefined) return { columns: null, refuse: `No client is named “${clientName}”.` };
    const columns: Columns = {
      name: title,
      clientId,
      state: 'open',
      openedAt: calendarDateIn(context.now, context.timeZone),
      salaryCurrency: context.currency,
      createdById: context.actorId,
    };
    for (const [key, column] of Object.entries(ROLE_COLUMNS)) {
      const value = values[key];
      if (value === null || value === undefined) continue;
      columns[column] =
        key === 'salary_min' || key === 'salary_max'
          ? money(value)
          : key === 'salary_currency'
            ? text(value).toUpperCase()
            : value;
    }
    if (columns.state === 'closed') columns.closedAt = context.now;
    columns.createdAt = context.now;
    return { columns, refuse: null };
  },
  keysOf: (columns) => [{ by: 'title_client', key: `role:${String(columns.clientId)}|${lower(columns.name)}` }],
  nameOf: (columns) => text(columns.name),
  fillable: ['location', 'salaryMin', 'salaryMax', 'targetFillDate', 'descriptionText'],
  async resolve(db, values) {
    const clientNames = [...new Set(values.map((item) => lower(item.client_name)).filter(Boolean))];
    const clientRows = await findClientRowsByNamesOrDomains(db, clientNames, []);
    return { clientIds: new Map(clientRows.map((row) => [row.name.toLowerCase(), row.id])) };
  },
  async lookup(db, rows) {
    const clientIds = [...new Set(rows.map((columns) => Number(columns.clientId)))];
    const titles = [...new Set(rows.map((columns) => lower(columns.name)).filter(Boolean))];
    const found = await findRoleRowsByClientsAndTitles(db, clientIds, titles);
    const byKey = new Map<string, ExistingRecord>();
    for (const row of found) {
      const record: ExistingRecord = { id: row.id, name: row.name, columns: row };
      for (const { key } of roles.keysOf(row, {} as ImportContext)) if (!byKey.has(key)) byKey.set(key, record);
    }
    return byKey;
  },
  async insert(db, rows) {
    const inserted = await insertRoleRows(db, rows as unknown as NewRoleRow[]);
    return inserted.map((row) => row.id);
  },
  async update(db, id, set, now) {
    const row = await updateRoleRow(db, id, { ...(set as Partial<NewRoleRow>), updatedAt: now });
    return row?.updatedAt ?? null;
  },
  changed: () => {},
};

export const KIND_ADAPTERS: Record<ImportKind, KindAdapter> = { candidates, clients, roles };

/** The kind of the records an entity names (import_changes.entity). */
export const ENTITY_KINDS: Record<Entity, ImportKind> = { candidate: 'candidates', client: 'clients', role: 'roles' };
