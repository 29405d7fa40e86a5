/**
 * Zod-free: the fields an import can fill, shared by the server (reading, mapping, preview) and the web
 * (the mapping screen). The field keys match the API's snake_case names of each record; the lengths and
 * enum values are the ones the record's own input schema accepts (candidates.ts, clients.ts, roles.ts).
 */
import { CANDIDATE_STATUSES } from './candidate-constants';
import { CLIENT_STATES, CLIENT_TYPES } from './client-constants';
import { NOTE_MAX_LENGTH } from './note-constants';
import { ROLE_STATES } from './role-constants';

export type ImportKind = 'candidates' | 'clients' | 'roles';
export const IMPORT_KINDS = ['candidates', 'clients', 'roles'] as const satisfies readonly ImportKind[];

export type ImportFieldType = 'text' | 'email' | 'phone' | 'url' | 'date' | 'integer' | 'money' | 'enum' | 'skills';

export interface ImportTargetField {
  key: string;
  label: string;
  type: ImportFieldType;
  required?: boolean;
  maxLength?: number;
  /** The stored values of an enum field. */
  options?: readonly string[];
  /** Integers: the accepted range. */
  min?: number;
  max?: number;
  /** Shown under the field on the mapping screen (e.g. how a full name is split). */
  hint?: string;
}

/** Kept in step with roles.ts (REMOTE_TYPES, EMPLOYMENT_TYPES, ROLE_PRIORITIES): zod-free copies. */
const REMOTE_TYPE_OPTIONS = ['onsite', 'hybrid', 'remote'] as const;
const EMPLOYMENT_TYPE_OPTIONS = ['full_time', 'part_time', 'contract', 'temporary', 'internship'] as const;
const PRIORITY_OPTIONS = ['low', 'medium', 'high', 'urgent'] as const;

/** A money amount's upper bound (the record schemas' "The amount is too large."), in major units. */
export const IMPORT_MAX_AMOUNT = 100_000_000;

export const IMPORT_TARGET_FIELDS: Record<ImportKind, readonly ImportTargetField[]> = {
  candidates: [
    { key: 'first_name', label: 'First name', type: 'text', maxLength: 100 },
    { key: 'last_name', label: 'Last name', type: 'text', maxLength: 100 },
    {
      key: 'full_name',
      label: 'Full name',
      type: 'text',
      maxLength: 201,
      hint: 'Split into first and last name (“Smith, Jane” and “Jane Smith” both work).',
    },
    { key: 'email', label: 'Email', type: 'email', maxLength: 254 },
    { key: 'phone', label: 'Phone', type: 'phone', maxLength: 50 },
    { key: 'location', label: 'Location', type: 'text', maxLength: 200 },
    { key: 'current_title', label: 'Current title', type: 'text', maxLength: 200 },
    { key: 'current_company', label: 'Current company', type: 'text', maxLength: 200 },
    { key: 'linkedin_url', label: 'LinkedIn', type: 'url', maxLength: 500 },
    { key: 'github_url', label: 'GitHub', type: 'url', maxLength: 500 },
    { key: 'portfolio_url', label: 'Portfolio / website', type: 'url', maxLength: 500 },
    { key: 'skills', label: 'Skills', type: 'skills', maxLength: 100, hint: 'Split on , ; | / and new lines.' },
    { key: 'years_experience', label: 'Years of experience', type: 'integer', min: 0, max: 70 },
    { key: 'desired_salary', label: 'Desired salary', type: 'money' },
    { key: 'desired_salary_currency', label: 'Salary currency', type: 'text', maxLength: 3 },
    { key: 'status', label: 'Status', type: 'enum', options: CANDIDATE_STATUSES },
    { key: 'source', label: 'Source', type: 'text', maxLength: 100 },
    { key: 'consent_date', label: 'Consent date', type: 'date' },
    { key: 'created_at', label: 'Date added', type: 'date', hint: 'When the candidate was first added.' },
    { key: 'notes', label: 'Notes', type: 'text', maxLength: NOTE_MAX_LENGTH },
  ],
  clients: [
    { key: 'name', label: 'Client name', type: 'text', required: true, maxLength: 200 },
    { key: 'client_type', label: 'Client type', type: 'enum', options: CLIENT_TYPES },
    { key: 'state', label: 'State', type: 'enum', options: CLIENT_STATES },
    { key: 'website', label: 'Website', type: 'url', maxLength: 500 },
    { key: 'industry', label: 'Industry', type: 'text', maxLength: 100 },
    { key: 'location', label: 'Location', type: 'text', maxLength: 200 },
    { key: 'contact_name', label: 'Contact name', type: 'text', maxLength: 200 },
    {
      key: 'contact_first_name',
      label: 'Contact first name',
      type: 'text',
      maxLength: 100,
      hint: 'Joined with the last name into the contact name.',
    },
    {
      key: 'contact_last_name',
      label: 'Contact last name',
      type: 'text',
      maxLength: 100,
      hint: 'Joined with the first name into the contact name.',
    },
    { key: 'contact_email', label: 'Contact email', type: 'email', maxLength: 254 },
    { key: 'contact_phone', label: 'Contact phone', type: 'phone', maxLength: 50 },
    { key: 'guarantee_days', label: 'Guarantee (days)', type: 'integer', min: 0, max: 730 },
    { key: 'payment_terms_days', label: 'Payment terms (days)', type: 'integer', min: 0, max: 365 },
    { key: 'currency', label: 'Currency', type: 'text', maxLength: 3 },
    { key: 'created_at', label: 'Date added', type: 'date' },
    { key: 'notes', label: 'Notes', type: 'text', maxLength: NOTE_MAX_LENGTH },
  ],
  roles: [
    { key: 'title', label: 'Job title', type: 'text', required: true, maxLength: 200 },
    {
      key: 'client_name',
      label: 'Client',
      type: 'text',
      required: true,
      maxLength: 200,
      hint: 'Matched to an existing client by name.',
    },
    { key: 'location', label: 'Location', type: 'text', maxLength: 200 },
    { key: 'status', label: 'Status', type: 'enum', options: ROLE_STATES },
    { key: 'remote_type', label: 'Work mode', type: 'enum', options: REMOTE_TYPE_OPTIONS },
    { key: 'employment_type', label: 'Employment type', type: 'enum', options: EMPLOYMENT_TYPE_OPTIONS },
    { key: 'priority', label: 'Priority', type: 'enum', options: PRIORITY_OPTIONS },
    { key: 'openings', label: 'Openings', type: 'integer', min: 1, max: 500 },
    { key: 'salary_min', label: 'Salary from', type: 'money' },
    { key: 'salary_max', label: 'Salary to', type: 'money' },
    { key: 'salary_currency', label: 'Salary currency', type: 'text', maxLength: 3 },
    { key: 'opened_at', label: 'Opened on', type: 'date' },
    { key: 'target_fill_date', label: 'Target fill date', type: 'date' },
    { key: 'description', label: 'Description', type: 'text', maxLength: 50_000 },
    { key: 'notes', label: 'Notes', type: 'text', maxLength: NOTE_MAX_LENGTH },
  ],
};

/** Field keys a mapping may give to several columns (their values are joined). */
export const IMPORT_REPEATABLE_TARGETS: readonly string[] = ['skills', 'note'];

/**
 * A column's target: a field key of the kind, 'note' (kept on the record as a "Header: value" note line),
 * or 'ignore'.
 */
export type ImportColumnTarget = string | 'note' | 'ignore';

export type ImportPresetId = 'opencats_candidates' | 'bullhorn_candidates' | 'bullhorn_contacts' | null;
export const IMPORT_PRESET_LABELS: Record<Exclude<ImportPresetId, null>, string> = {
  opencats_candidates: 'OpenCATS candidates export',
  bullhorn_candidates: 'Bullhorn candidates export',
  bullhorn_contacts: 'Bullhorn contacts export',
};

/** The import limits (the server enforces them; the web states them). */
export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
export const IMPORT_MAX_COLUMNS = 200;
export const IMPORT_MAX_UNPACKED_BYTES = 500 * 1024 * 1024;

/** The field of a kind with that key, if any. */
export function importTargetField(kind: ImportKind, key: string): ImportTargetField | undefined {
  return IMPORT_TARGET_FIELDS[kind].find((field) => field.key === key);
}
