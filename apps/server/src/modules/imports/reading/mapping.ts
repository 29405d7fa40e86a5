// Over 400 lines: the presets, the header and value suggestions and mapRow share one field model.
import {
  IMPORT_REPEATABLE_TARGETS,
  importTargetField,
  type ImportColumnTarget,
  type ImportKind,
  type ImportPresetId,
  type ImportTargetField,
} from '@recruitdesk/contracts/import-fields';
import { MAX_CANDIDATE_SKILLS } from '@recruitdesk/contracts/candidate-constants';
import { NOTE_MAX_LENGTH } from '@recruitdesk/contracts/note-constants';
import {
  detectColumnHints,
  isEmail,
  normaliseCell,
  normalisePhoneE164,
  normaliseUrl,
  parseDate,
  type ColumnHint,
  type NormaliseContext,
} from './normalise';
import { HEADER_SYNONYMS } from './synonyms';

// ---- headers --------------------------------------------------------------------------------------------

/** "E-Mail" → "e mail", "firstName" → "first name", "address.city" → "address city", "Prénom" → "prenom". */
export function normaliseHeader(header: string): string {
  return header
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Letters and digits only, lower case: how presets compare column names ("address.city" → "addresscity"). */
const compact = (header: string) => normaliseHeader(header).replace(/ /g, '');

/** The best field for a header by its name alone, with a score (100 exact, 50+ a contained phrase). */
function headerMatch(kind: ImportKind, header: string): { target: string; score: number } | null {
  const normalised = normaliseHeader(header);
  if (!normalised) return null;
  const padded = ` ${normalised} `;
  let best: { target: string; score: number } | null = null;
  for (const [target, synonyms] of Object.entries(HEADER_SYNONYMS[kind])) {
    let score = 0;
    if (synonyms.exact.includes(normalised) || synonyms.exact.includes(normalised.replace(/ /g, ''))) score = 100;
    else {
      for (const phrase of synonyms.contains ?? []) {
        if (padded.includes(` ${phrase} `)) score = Math.max(score, 50 + phrase.length);
      }
    }
    if (score > (best?.score ?? 0)) best = { target, score };
  }
  return best;
}

// ---- values ---------------------------------------------------------------------------------------------

type ValueKind = 'email' | 'phone' | 'linkedin' | 'github' | 'url' | 'date';

const looksLikePhone = (text: string): boolean => {
  if (!/^[+()\d\s.\-/]{7,}(?:\s*(?:x|ext\.?)\s*\d+)?$/i.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  if (digits < 7 || digits > 15) return false;
  if (parseDate(text) !== null) return false;
  if (!/[+\s().\-/]/.test(text) && digits < 10) return false;
  return normalisePhoneE164(text, 'US') !== null || normalisePhoneE164(text, 'GB') !== null;
};

/** The share of a column's non-empty samples that look like each kind of value. */
function valueShares(samples: readonly string[]) {
  const values = samples.map((value) => value.trim()).filter(Boolean);
  const share = (test: (text: string) => boolean) =>
    values.length === 0 ? 0 : values.filter(test).length / values.length;
  return {
    count: values.length,
    email: share((text) => isEmail(text.replace(/^mailto:/i, ''))),
    phone: share(looksLikePhone),
    linkedin: share((text) => /(^|[/.])linkedin\.com\//i.test(text)),
    github: share((text) => /(^|[/.])github\.com\//i.test(text)),
    url: share((text) => !/\s/.test(text) && !text.includes('@') && normaliseUrl(text) !== null),
    date: share((text) => !/^\d+$/.test(text) && parseDate(text) !== null),
  };
}

/** What a column's values say it is (more than half of the non-empty samples), if anything. */
function valueKind(samples: readonly string[]): ValueKind | null {
  const shares = valueShares(samples);
  if (shares.count === 0) return null;
  const threshold = 0.6;
  if (shares.email >= threshold) return 'email';
  if (shares.linkedin >= threshold) return 'linkedin';
  if (shares.github >= threshold) return 'github';
  if (shares.url >= threshold) return 'url';
  if (shares.phone >= threshold) return 'phone';
  if (shares.date >= threshold) return 'date';
  return null;
}

const VALUE_TARGETS: Record<ImportKind, Partial<Record<ValueKind, string>>> = {
  candidates: { email: 'email', phone: 'phone', linkedin: 'linkedin_url', github: 'github_url', url: 'portfolio_url' },
  clients: { email: 'contact_email', phone: 'contact_phone', url: 'website', linkedin: 'website' },
  roles: {},
};

const TYPE_OF_KIND: Record<ValueKind, ImportTargetField['type']> = {
  email: 'email',
  phone: 'phone',
  linkedin: 'url',
  github: 'url',
  url: 'url',
  date: 'date',
};

// ---- presets --------------------------------------------------------------------------------------------

export interface PresetColumn {
  /** The column's name as the export writes it. */
  header: string;
  target: ImportColumnTarget;
  /** How its values are written, when the export fixes it (OpenCATS dates are MM-DD-YY). */
  hint?: ColumnHint;
}

interface Preset {
  id: Exclude<ImportPresetId, null>;
  kind: ImportKind;
  /** In order of preference: when two columns want one field, the first listed gets it, the other becomes a note. */
  columns: readonly PresetColumn[];
  matches(headers: ReadonlySet<string>): boolean;
}

const count = (headers: ReadonlySet<string>, names: readonly string[]) =>
  names.filter((name) => headers.has(name)).length;

/**
 * OpenCATS 0.9.x: the Candidates tab's "Export" (the list's columns, labels as shown) and the older
 * selected-records export (SQL aliases: candidateID, lastName, firstName, phoneHome, phoneCell, email1, keySkills).
 */
const OPENCATS_CANDIDATES: Preset = {
  id: 'opencats_candidates',
  kind: 'candidates',
  columns: [
    { header: 'First Name', target: 'first_name' },
    { header: 'Last Name', target: 'last_name' },
    { header: 'firstName', target: 'first_name' },
    { header: 'lastName', target: 'last_name' },
    { header: 'E-Mail', target: 'email' },
    { header: 'email1', target: 'email' },
    { header: '2nd E-Mail', target: 'note' },
    { header: 'Cell Phone', target: 'phone' },
    { header: 'phoneCell', target: 'phone' },
    { header: 'Home Phone', target: 'phone' },
    { header: 'phoneHome', target: 'phone' },
    { header: 'Work Phone', target: 'phone' },
    { header: 'Address', target: 'note' },
    { header: 'City', target: 'location' },
    { header: 'State', target: 'note' },
    { header: 'Zip', target: 'note' },
    { header: 'Key Skills', target: 'skills' },
    { header: 'keySkills', target: 'skills' },
    { header: 'Current Employer', target: 'current_company' },
    { header: 'Desired Pay', target: 'desired_salary' },
    { header: 'Current Pay', target: 'note' },
    { header: 'Web Site', target: 'portfolio_url' },
    { header: 'Source', target: 'source' },
    { header: 'Misc Notes', target: 'notes' },
    { header: 'Available', target: 'note' },
    { header: 'Can Relocate', target: 'note' },
    { header: 'Owner', target: 'note' },
    { header: 'Recent Status', target: 'note' },
    { header: 'Created', target: 'created_at', hint: { dateOrder: 'mdy' } },
    { header: 'Date Created', target: 'created_at', hint: { dateOrder: 'mdy' } },
    { header: 'Modified', target: 'ignore' },
    { header: 'candidateID', target: 'ignore' },
    { header: 'OwnerID', target: 'ignore' },
    { header: 'Attachments', target: 'ignore' },
    { header: 'Upcoming Events', target: 'ignore' },
    { header: 'Is Hot', target: 'ignore' },
  ],
  matches(headers) {
    if (count(headers, ['candidateid', 'phonehome', 'phonecell', 'email1', 'keyskills']) >= 3) return true;
    if (!headers.has('firstname') || !headers.has('lastname')) return false;
    if (headers.has('skillset') || headers.has('occupation')) return false;
    const distinctive = [
      '2ndemail',
      'cellphone',
      'homephone',
      'workphone',
      'keyskills',
      'miscnotes',
      'currentemployer',
      'desiredpay',
      'currentpay',
      'canrelocate',
      'website',
      'modified',
      'ownerid',
    ];
    return count(headers, distinctive) >= 3;
  },
};

/** Bullhorn: a Candidate list exported to CSV with the REST field names (address.city for the address's parts). */
const BULLHORN_CANDIDATES: Preset = {
  id: 'bullhorn_candidates',
  kind: 'candidates',
  columns: [
    { header: 'firstName', target: 'first_name' },
    { header: 'lastName', target: 'last_name' },
    { header: 'name', target: 'full_name' },
    { header: 'middleName', target: 'note' },
    { header: 'nickName', target: 'note' },
    { header: 'email', target: 'email' },
    { header: 'email2', target: 'note' },
    { header: 'email3', target: 'note' },
    { header: 'mobile', target: 'phone' },
    { header: 'phone', target: 'phone' },
    { header: 'workPhone', target: 'phone' },
    { header: 'phone2', target: 'note' },
    { header: 'phone3', target: 'note' },
    { header: 'occupation', target: 'current_title' },
    { header: 'companyName', target: 'current_company' },
    { header: 'skillSet', target: 'skills' },
    { header: 'primarySkills', target: 'skills' },
    { header: 'specialties', target: 'skills' },
    { header: 'experience', target: 'years_experience' },
    { header: 'salary', target: 'desired_salary' },
    { header: 'salaryLow', target: 'note' },
    { header: 'dayRate', target: 'note' },
    { header: 'hourlyRate', target: 'note' },
    { header: 'status', target: 'status' },
    { header: 'source', target: 'source' },
    { header: 'dateAdded', target: 'created_at', hint: { dateOrder: 'mdy' } },
    { header: 'address.city', target: 'location' },
    { header: 'address.address1', target: 'note' },
    { header: 'address.address2', target: 'note' },
    { header: 'address.state', target: 'note' },
    { header: 'address.zip', target: 'note' },
    { header: 'address.countryName', target: 'note' },
    { header: 'address.countryCode', target: 'note' },
    { header: 'companyURL', target: 'portfolio_url' },
    { header: 'comments', target: 'notes' },
    { header: 'dateAvailable', target: 'note' },
    { header: 'employmentPreference', target: 'note' },
    { header: 'desiredLocations', target: 'note' },
    { header: 'willRelocate', target: 'note' },
    { header: 'educationDegree', target: 'note' },
    { header: 'certifications', target: 'note' },
    { header: 'type', target: 'note' },
    { header: 'owner', target: 'note' },
    { header: 'id', target: 'ignore' },
    { header: 'description', target: 'ignore' },
    { header: 'dateLastModified', target: 'ignore' },
    { header: 'address.countryID', target: 'ignore' },
  ],
  matches(headers) {
    if (!headers.has('firstname') || !headers.has('lastname')) return false;
    if (headers.has('clientcorporation') || headers.has('clientcorporationname')) return false;
    const distinctive = [
      'skillset',
      'occupation',
      'dateadded',
      'addresscity',
      'companyname',
      'email2',
      'workphone',
      'mobile',
      'primaryskills',
      'dateavailable',
      'employmentpreference',
    ];
    return count(headers, distinctive) >= 3;
  },
};

/** Bullhorn: a ClientContact list exported to CSV: one row per contact; the company becomes the client. */
const BULLHORN_CONTACTS: Preset = {
  id: 'bullhorn_contacts',
  kind: 'clients',
  columns: [
    { header: 'clientCorporation.name', target: 'name' },
    { header: 'clientCorporation', target: 'name' },
    { header: 'companyName', target: 'name' },
    { header: 'name', target: 'contact_name' },
    { header: 'firstName', target: 'contact_first_name' },
    { header: 'lastName', target: 'contact_last_name' },
    { header: 'email', target: 'contact_email' },
    { header: 'email2', target: 'note' },
    { header: 'email3', target: 'note' },
    { header: 'phone', target: 'contact_phone' },
    { header: 'mobile', target: 'contact_phone' },
    { header: 'phone2', target: 'note' },
    { header: 'phone3', target: 'note' },
    { header: 'occupation', target: 'note' },
    { header: 'division', target: 'note' },
    { header: 'office', target: 'note' },
    { header: 'address.city', target: 'location' },
    { header: 'address.address1', target: 'note' },
    { header: 'address.address2', target: 'note' },
    { header: 'address.state', target: 'note' },
    { header: 'address.zip', target: 'note' },
    { header: 'address.countryName', target: 'note' },
    { header: 'status', target: 'note' },
    { header: 'type', target: 'note' },
    { header: 'source', target: 'note' },
    { header: 'owner', target: 'note' },
    { header: 'dateAdded', target: 'created_at', hint: { dateOrder: 'mdy' } },
    { header: 'comments', target: 'notes' },
    { header: 'id', target: 'ignore' },
    { header: 'clientCorporation.id', target: 'ignore' },
    { header: 'dateLastModified', target: 'ignore' },
    { header: 'description', target: 'ignore' },
    { header: 'address.countryID', target: 'ignore' },
  ],
  matches(headers) {
    const company = ['clientcorporation', 'clientcorporationname', 'companyname'].some((name) => headers.has(name));
    const person = ['firstname', 'lastname'].some((name) => headers.has(name));
    return company && person && (headers.has('email') || headers.has('phone') || headers.has('occupation'));
  },
};

const PRESETS: readonly Preset[] = [OPENCATS_CANDIDATES, BULLHORN_CANDIDATES, BULLHORN_CONTACTS];

/** The columns each preset maps (the documentation's tables are written from these). */
export const PRESET_COLUMNS: Record<Exclude<ImportPresetId, null>, readonly PresetColumn[]> = {
  opencats_candidates: OPENCATS_CANDIDATES.columns,
  bullhorn_candidates: BULLHORN_CANDIDATES.columns,
  bullhorn_contacts: BULLHORN_CONTACTS.columns,
};

/** The export a file's header row comes from, when it is one we know for this kind of record. */
export function detectPreset(kind: ImportKind, headers: readonly string[]): ImportPresetId {
  const set = new Set(headers.map(compact));
  return PRESETS.find((preset) => preset.kind === kind && preset.matches(set))?.id ?? null;
}

// ---- suggestions ----------------------------------------------------------------------------------------

const repeatable = (target: ImportColumnTarget) => IMPORT_REPEATABLE_TARGETS.includes(target);

/** Drops the parts a whole already covers (full name beside first and last; contact name beside its parts). */
function dropRedundant(targets: ImportColumnTarget[]): void {
  const has = (target: string) => targets.includes(target);
  if (has('first_name') && has('last_name') && has('full_name')) targets[targets.indexOf('full_name')] = 'ignore';
  if (has('contact_name')) {
    for (const part of ['contact_first_name', 'contact_last_name']) {
      if (has(part)) targets[targets.indexOf(part)] = 'ignore';
    }
  }
}

function presetTargets(preset: Preset, headers: readonly string[]) {
  const positions = new Map(preset.columns.map((column, index) => [compact(column.header), index]));
  const targets: ImportColumnTarget[] = headers.map(() => 'ignore');
  const hints: (ColumnHint | undefined)[] = headers.map(() => undefined);
  const order = headers
    .map((header, column) => ({ column, position: positions.get(compact(header)) }))
    .filter((entry): entry is { column: number; position: number } => entry.position !== undefined)
    .sort((a, b) => a.position - b.position || a.column - b.column);
  const used = new Set<string>();
  for (const { column, position } of order) {
    const { target, hint } = preset.columns[position] as PresetColumn;
    if (target === 'ignore' || target === 'note' || repeatable(target) || !used.has(target)) {
      targets[column] = target;
      used.add(target);
    } else {
      targets[column] = 'note';
    }
    hints[column] = hint;
  }
  return { targets, hints, known: new Set(order.map((entry) => entry.column)) };
}

export interface MappingSuggestion {
  preset: ImportPresetId;
  /** One per column: a field key of the kind, 'note' or 'ignore'. */
  targets: ImportColumnTarget[];
  /** One per column: how its dates and amounts are written (give it to normaliseCell / mapRow). */
  hints: ColumnHint[];
}

/**
 * A target for every column, from a known export's preset when the header row is one, else from the
 * header names (synonyms) and the sample values (a column of email addresses is the email whatever its
 * header; LinkedIn and GitHub links; phones; a "phone" header over values that are not phones is dropped).
 * Each field is given to one column at most (skills and note may repeat); the rest are 'ignore'.
 */
export function suggestMapping(kind: ImportKind, headers: string[], sampleRows: string[][]): MappingSuggestion {
  const columnSamples: string[][] = headers.map((_, column) => sampleRows.map((row) => row[column] ?? ''));
  const valueHints = columnSamples.map((samples) => detectColumnHints(samples));
  const preset = detectPreset(kind, headers);
  const fromPreset = preset ? presetTargets(PRESETS.find((entry) => entry.id === preset) as Preset, headers) : null;

  const proposals: { column: number; target: string; score: number }[] = [];
  headers.forEach((header, column) => {
    if (fromPreset?.known.has(column)) return;
    const byHeader = headerMatch(kind, header);
    const headerField = byHeader ? importTargetField(kind, byHeader.target) : undefined;
    const samples = columnSamples[column] ?? [];
    const kindOfValues = valueKind(samples);
    const shares = valueShares(samples);
    const byValue = kindOfValues ? VALUE_TARGETS[kind][kindOfValues] : undefined;

    if (kindOfValues && kindOfValues !== 'date' && byValue) {
      const agrees =
        headerField?.type === TYPE_OF_KIND[kindOfValues] &&
        !(kindOfValues === 'linkedin' || kindOfValues === 'github') &&
        !(kindOfValues === 'url' && kind === 'candidates' && ['linkedin_url', 'github_url'].includes(headerField.key));
      if (agrees && byHeader) proposals.push({ column, target: byHeader.target, score: byHeader.score + 20 });
      else proposals.push({ column, target: byValue, score: 90 });
      return;
    }
    if (!byHeader || !headerField) return;
    // A header the values contradict: an "Email opt-out" column of Yes/No is not the email.
    const checks: Partial<Record<ImportTargetField['type'], number>> = {
      email: shares.email,
      phone: shares.phone,
      url: Math.max(shares.url, shares.linkedin, shares.github),
    };
    const share = checks[headerField.type];
    if (share !== undefined && shares.count >= 2 && share < 0.3) return;
    if (kindOfValues === 'date' && !['date', 'text'].includes(headerField.type)) return;
    if (headerField.type === 'date' && shares.count >= 2 && shares.date < 0.3) {
      const serials = samples.filter((value) => /^\d{5}(\.\d+)?$/.test(value.trim())).length;
      if (serials === 0) return;
    }
    proposals.push({ column, target: byHeader.target, score: byHeader.score + (kindOfValues === 'date' ? 10 : 0) });
  });

  const targets: ImportColumnTarget[] = fromPreset ? [...fromPreset.targets] : headers.map(() => 'ignore');
  const used = new Set(targets.filter((target) => target !== 'ignore' && target !== 'note' && !repeatable(target)));
  proposals.sort((a, b) => b.score - a.score || a.column - b.column);
  for (const { column, target } of proposals) {
    if (targets[column] !== 'ignore') continue;
    if (!repeatable(target) && used.has(target)) continue;
    targets[column] = target;
    used.add(target);
  }
  dropRedundant(targets);
  const hints = headers.map((_, column) => ({ ...valueHints[column], ...(fromPreset?.hints[column] ?? {}) }));
  return { preset, targets, hints };
}

// ---- one row --------------------------------------------------------------------------------------------

export interface MappedRow {
  /** Field key → value as it will be stored (full name split, contact name joined, skills merged). */
  values: Record<string, unknown>;
  problems: { field: string; message: string }[];
  /** The note to add to the record: the notes field, then "Header: value" for each column mapped to 'note'. */
  note: string | null;
}

/** "Smith, Jane" → Jane / Smith; "Jane van der Berg" → Jane / van der Berg; "Cher" → Cher / ''. */
export function splitFullName(fullName: string): { first: string; last: string } {
  const text = fullName.trim().replace(/\s+/g, ' ');
  const comma = text.indexOf(',');
  if (comma > 0) return { first: text.slice(comma + 1).trim(), last: text.slice(0, comma).trim() };
  const space = text.indexOf(' ');
  if (space < 0) return { first: text, last: '' };
  return { first: text.slice(0, space), last: text.slice(space + 1) };
}

const REQUIRED: Record<ImportKind, readonly { key: string; message: string }[]> = {
  candidates: [
    { key: 'first_name', message: 'The first name is missing.' },
    { key: 'last_name', message: 'The last name is missing.' },
  ],
  clients: [{ key: 'name', message: 'The client name is missing.' }],
  roles: [
    { key: 'title', message: 'The job title is missing.' },
    { key: 'client_name', message: 'The client is missing.' },
  ],
};

/**
 * One row read through a mapping: every mapped cell normalised for its field (problems kept per field),
 * then the row assembled as the record wants it. `hints` come from suggestMapping (or detectColumnHints).
 */
export function mapRow(
  kind: ImportKind,
  headers: readonly string[],
  targets: readonly ImportColumnTarget[],
  cells: readonly string[],
  context: NormaliseContext,
  hints: readonly (ColumnHint | undefined)[] = [],
): MappedRow {
  const values: Record<string, unknown> = {};
  const problems: MappedRow['problems'] = [];
  const noteLines: string[] = [];
  targets.forEach((target, column) => {
    const raw = cells[column] ?? '';
    if (target === 'ignore') return;
    if (target === 'note') {
      const text = raw.trim();
      if (text) noteLines.push(`${headers[column] ?? `Column ${column + 1}`}: ${text}`);
      return;
    }
    const field = importTargetField(kind, target);
    if (!field) return;
    const { value, problem } = normaliseCell(field, raw, { ...context, hint: hints[column] ?? context.hint });
    if (problem) problems.push({ field: field.key, message: problem });
    if (value === null || value === undefined) return;
    if (field.type === 'skills') {
      const merged = [...((values[field.key] as string[] | undefined) ?? [])];
      for (const skill of value as string[]) {
        if (!merged.some((existing) => existing.toLowerCase() === skill.toLowerCase())) merged.push(skill);
      }
      values[field.key] = merged.slice(0, MAX_CANDIDATE_SKILLS);
      return;
    }
    values[field.key] = value;
  });

  if (kind === 'candidates' && typeof values.full_name === 'string') {
    const { first, last } = splitFullName(values.full_name);
    if (values.first_name === undefined && first) values.first_name = first;
    if (values.last_name === undefined && last) values.last_name = last;
    delete values.full_name;
  }
  if (kind === 'clients') {
    const parts = [values.contact_first_name, values.contact_last_name].filter((part) => typeof part === 'string');
    if (values.contact_name === undefined && parts.length > 0) values.contact_name = parts.join(' ');
    delete values.contact_first_name;
    delete values.contact_last_name;
  }
  for (const { key, message } of REQUIRED[kind]) {
    if (values[key] === undefined && !problems.some((problem) => problem.field === key)) {
      problems.push({ field: key, message });
    }
  }

  let note: string | null = [typeof values.notes === 'string' ? values.notes : '', ...noteLines]
    .filter(Boolean)
    .join('\n');
  delete values.notes;
  if (note.length > NOTE_MAX_LENGTH) {
    problems.push({
      field: 'notes',
      message: `The note is cut to the ${NOTE_MAX_LENGTH.toLocaleString('en-US')}-character limit.`,
    });
    note = note.slice(0, NOTE_MAX_LENGTH);
  }
  return { values, problems, note: note || null };
}
