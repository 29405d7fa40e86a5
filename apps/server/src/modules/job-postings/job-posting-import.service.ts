// Over 400 lines: one import (read the CSV, match its columns, check each row, preview, write the weeks) whose steps share the file's mapping.
import {
  IMPORT_FIELDS,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  IMPORT_REQUIRED_FIELDS,
  JOB_POSTING_MESSAGES,
  mondayOf,
  POSTING_MAX_COUNT,
  POSTING_MAX_MINOR,
  POSTING_STATUSES,
  FUNNEL_MESSAGES,
  type ImportField,
  type ImportPreviewResponse,
  type ImportPreviewRow,
  type ImportProblem,
  type ImportRunInput,
  type ImportUploadResponse,
  type PostingFigures,
  type PostingStatus,
} from '@recruitdesk/contracts/job-postings';
import { parse } from 'csv-parse/sync';
import { inTransaction } from '../../db/transaction';
import type { Deps } from '../../lib/deps';
import { AppError } from '../../lib/errors';
import { assertCan } from '../../lib/permissions';
import { recordActivity } from '../activity/activity.service';
import { getAgencySettings } from '../settings/settings.service';
import type { UserRow } from '../users/users.service';
import {
  allRolesForImport,
  findPostingsByRoleWeek,
  insertPostingRows,
  updatePostingRow,
  type PostedRole,
} from './job-postings.repository';
import { currentWeek } from './job-postings.service';
import type { JobPostingRow } from './job-postings.table';

/**
 * The job board's CSV traffic report (issue 14): upload (columns and a sample), map columns to fields,
 * preview, import. Stateless: the browser sends the file's text with each step. A file with any problem
 * is refused whole, naming each row (the header is row 1) and column; the import writes in one transaction.
 */

const MAX_PROBLEMS = 50;

/** Header spellings the board's reports use, for the suggested mapping. */
const HEADER_HINTS: Record<ImportField, RegExp> = {
  role: /^(job|role|job title|title|reference( number)?|job reference|requisition( id)?|job id)$/,
  week_start: /^(week|week start|week of|date|day|period|start date)$/,
  status: /^(status|state|job status)$/,
  daily_budget: /^(daily budget|budget|budget per day)$/,
  spend: /^(spend|cost|total cost|amount spent|spent)$/,
  impressions: /^(impressions|views|job views)$/,
  clicks: /^(clicks|job clicks)$/,
  apply_starts: /^(apply starts|applies started|apply start)$/,
  applies: /^(applies|applications|apply completes|completed applies)$/,
};

/**
 * A header as the hints read it: any case, units in brackets ("Spend (USD)", "Budget [$]"), currency signs
 * and codes, and punctuation dropped ("Apply-Starts", "Job_Title", "Reference #").
 */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/\([^)]*\)|\[[^\]]*\]/g, ' ')
    .replace(/[$€£¥%#]/g, ' ')
    .replace(/\b(usd|eur|gbp|cad|aud|chf|jpy|nzd)\b/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

function readCsv(text: string): string[][] {
  try {
    const records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as string[][];
    return records;
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw new AppError(
      'IMPORT_UNREADABLE',
      400,
      line ? `${IMPORT_MESSAGES.unreadable} (near row ${line})` : IMPORT_MESSAGES.unreadable,
    );
  }
}

function splitFile(text: string): { columns: string[]; rows: string[][] } {
  const records = readCsv(text);
  const [header, ...rows] = records;
  if (!header || rows.length === 0) throw new AppError('IMPORT_EMPTY', 400, IMPORT_MESSAGES.empty);
  if (rows.length > IMPORT_MAX_ROWS) throw new AppError('IMPORT_TOO_MANY_ROWS', 400, IMPORT_MESSAGES.tooManyRows);
  return { columns: header, rows };
}

/** POST /api/job-postings/import/upload/: the file's columns, row count, first rows and a suggested mapping. */
export function uploadImport(actor: UserRow, csv: string): Omit<ImportUploadResponse, 'success'> {
  assertCan(actor, 'records.write');
  const { columns, rows } = splitFile(csv);
  const suggested: Record<string, ImportField> = {};
  const taken = new Set<ImportField>();
  for (const column of columns) {
    const key = headerKey(column);
    const field = IMPORT_FIELDS.find((f) => !taken.has(f) && HEADER_HINTS[f].test(key));
    if (field) {
      suggested[column] = field;
      taken.add(field);
    }
  }
  return { columns, row_count: rows.length, sample: rows.slice(0, 5), suggested_mapping: suggested };
}

// ---- Reading cells ----

type Cell<T> = { value: T } | { error: string };

export function parseCount(raw: string): Cell<number> {
  const cleaned = raw.replace(/[,\s]/g, '');
  if (cleaned === '') return { value: 0 };
  if (!/^\d+$/.test(cleaned)) return { error: `"${raw}" is not a whole number.` };
  const value = Number(cleaned);
  if (value > POSTING_MAX_COUNT) return { error: `"${raw}" is too large.` };
  return { value };
}

/** "$1,234.5" → 123450 minor units; at most two decimals. */
export function parseMoney(raw: string): Cell<number> {
  const cleaned = raw
    .replace(/[,\s]/g, '')
    .replace(/^[A-Z]{3}|[A-Z]{3}$/gi, '')
    .replace(/^[$€£¥]/, '');
  if (cleaned === '') return { value: 0 };
  const match = /^(\d+)(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return { error: `"${raw}" is not an amount.` };
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (value > POSTING_MAX_MINOR) return { error: `"${raw}" is too large.` };
  return { value };
}

/** YYYY-MM-DD or MM/DD/YYYY → the Monday of its week. */
export function parseWeek(raw: string): Cell<string> {
  let iso = raw;
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(raw);
  if (us) iso = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`;
  const day = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T00:00:00Z`) : null;
  if (!day || Number.isNaN(day.getTime()) || day.toISOString().slice(0, 10) !== iso)
    return { error: `"${raw}" is not a date (use YYYY-MM-DD or MM/DD/YYYY).` };
  return { value: mondayOf(iso) };
}

export function parseStatus(raw: string): Cell<PostingStatus> {
  const key = raw.trim().toLowerCase();
  if (key === '') return { value: 'active' };
  if ((POSTING_STATUSES as readonly string[]).includes(key)) return { value: key as PostingStatus };
  return { error: `"${raw}" is not a status (active, paused or closed).` };
}

interface ValidRow {
  row: number;
  role: PostedRole;
  weekStart: string;
  /** The figures the file gives; a field not mapped is absent (kept on update, 0 on create). */
  given: Partial<PostingFigures>;
}

const FIGURE_FIELDS: Record<Exclude<ImportField, 'role' | 'week_start' | 'status'>, keyof PostingFigures> = {
  daily_budget: 'daily_budget_minor',
  spend: 'spend_minor',
  impressions: 'impressions',
  clicks: 'clicks',
  apply_starts: 'apply_starts',
  applies: 'applies',
};

/** Checks the mapping and every row; throws the refusal with every problem (at most 50) or returns the rows. */
async function validateImport(
  deps: Deps,
  input: ImportRunInput,
): Promise<{ rows: ValidRow[]; existing: Map<string, JobPostingRow> }> {
  const { columns, rows } = splitFile(input.csv);
  const mapping = input.mapping;
  const indexOf = new Map<ImportField, number>();
  const usedColumns = new Set<string>();
  for (const field of IMPORT_FIELDS) {
    const column = mapping[field];
    if (column === undefined || column === '') continue;
    const index = columns.indexOf(column);
    if (index < 0) throw new AppError('IMPORT_UNKNOWN_COLUMN', 400, `${IMPORT_MESSAGES.unknownColumn} (${column})`);
    if (usedColumns.has(column)) throw new AppError('IMPORT_DUPLICATE_FIELD', 400, IMPORT_MESSAGES.duplicateField);
    usedColumns.add(column);
    indexOf.set(field, index);
  }
  if (IMPORT_REQUIRED_FIELDS.some((field) => !indexOf.has(field)))
    throw new AppError('IMPORT_MAPPING_INCOMPLETE', 400, IMPORT_MESSAGES.missingRequired);

  const roles = await allRolesForImport(deps.db);
  const byId = new Map(roles.map((role) => [role.roleId, role]));
  const byTitle = new Map<string, PostedRole[]>();
  for (const role of roles) {
    const key = role.roleName.trim().toLowerCase();
    byTitle.set(key, [...(byTitle.get(key) ?? []), role]);
  }
  const thisWeek = currentWeek(deps);
  const problems: ImportProblem[] = [];
  const valid: ValidRow[] = [];
  const seen = new Map<string, number>();
  rows.forEach((cells, i) => {
    const row = i + 2;
    const cell = (field: ImportField) => cells[indexOf.get(field)!] ?? '';
    const problem = (field: ImportField, message: string) =>
      problems.push({ row, column: columns[indexOf.get(field)!]!, message });
    // The role: our reference number (RD-12 or 12) or the exact title.
    const roleText = cell('role');
    const ref = /^(?:RD-)?(\d{1,9})$/i.exec(roleText);
    let role: PostedRole | undefined;
    if (roleText === '') problem('role', 'The role is missing.');
    else if (ref) {
      role = byId.get(Number(ref[1]));
      if (!role) problem('role', `No role has the reference "${roleText}".`);
    } else {
      const matches = byTitle.get(roleText.toLowerCase()) ?? [];
      if (matches.length === 1) role = matches[0];
      else if (matches.length === 0) problem('role', `No role is titled "${roleText}".`);
      else problem('role', `Several roles are titled "${roleText}"; use the reference number.`);
    }
    if (role && !role.indeedPosting) {
      problem('role', `"${role.roleName}" is not posted on the job board.`);
      role = undefined;
    }
    const week = parseWeek(cell('week_start'));
    let weekStart: string | undefined;
    if ('error' in week) problem('week_start', week.error);
    else if (week.value > thisWeek) problem('week_start', JOB_POSTING_MESSAGES.futureWeek);
    else weekStart = week.value;
    const given: Partial<PostingFigures> = {};
    if (indexOf.has('status')) {
      const status = parseStatus(cell('status'));
      if ('error' in status) problem('status', status.error);
      else given.status = status.value;
    }
    for (const [field, key] of Object.entries(FIGURE_FIELDS) as Array<
      [keyof typeof FIGURE_FIELDS, keyof PostingFigures]
    >) {
      if (!indexOf.has(field)) continue;
      // An empty budget cell is a budget not set; an empty count or spend is 0.
      if (field === 'daily_budget' && cell(field).trim() === '') {
        given.daily_budget_minor = null;
        continue;
      }
      const parsed = field === 'spend' || field === 'daily_budget' ? parseMoney(cell(field)) : parseCount(cell(field));
      if ('error' in parsed) problem(field, parsed.error);
      else (given as Record<string, number>)[key] = parsed.value;
    }
    if (role && weekStart) {
      const key = `${role.roleId}:${weekStart}`;
      const earlier = seen.get(key);
      if (earlier !== undefined)
        problem('week_start', `Row ${earlier} already has "${role.roleName}" for the week of ${weekStart}.`);
      else {
        seen.set(key, row);
        valid.push({ row, role, weekStart, given });
      }
    }
  });
  if (problems.length > 0) throw refusal(problems);
  const found = await findPostingsByRoleWeek(
    deps.db,
    valid.map((v) => ({ roleId: v.role.roleId, weekStart: v.weekStart })),
  );
  const existing = new Map(found.map((p) => [`${p.roleId}:${p.weekStart}`, p]));
  // The funnel (applies ≤ clicks ≤ impressions) of each week as it would be saved, the file over what is kept.
  // A figure neither in the file nor kept from an earlier import is not compared.
  for (const row of valid) {
    const kept = existing.get(`${row.role.roleId}:${row.weekStart}`);
    const merged = mergedFigures(row, kept);
    const known = (key: keyof PostingFigures) => kept !== undefined || key in row.given;
    const funnel: [ImportField, string][] = [];
    if (known('impressions') && known('clicks') && merged.clicks > merged.impressions)
      funnel.push(['clicks', FUNNEL_MESSAGES.clicks]);
    if (known('clicks') && known('applies') && merged.applies > merged.clicks)
      funnel.push(['applies', FUNNEL_MESSAGES.applies]);
    for (const [field, message] of funnel) {
      const index = indexOf.get(field) ?? indexOf.get('clicks') ?? indexOf.get('impressions');
      problems.push({ row: row.row, column: index === undefined ? field : columns[index]!, message });
    }
  }
  if (problems.length > 0) throw refusal(problems);
  return { rows: valid, existing };
}

/** The file refused whole: the first problem in the message, up to 50 listed. */
function refusal(problems: ImportProblem[]): AppError {
  return new AppError(
    'IMPORT_REFUSED',
    400,
    `${IMPORT_MESSAGES.refused} Row ${problems[0]!.row}, column "${problems[0]!.column}": ${problems[0]!.message}`,
    { extra: { problems: problems.slice(0, MAX_PROBLEMS) } },
  );
}

/** A new week's figures before the file's: a budget the file does not give is not set. */
const ZERO: PostingFigures = {
  status: 'active',
  daily_budget_minor: null,
  spend_minor: 0,
  impressions: 0,
  clicks: 0,
  apply_starts: 0,
  applies: 0,
};

function mergedFigures(row: ValidRow, existing: JobPostingRow | undefined): PostingFigures {
  const base: PostingFigures = existing
    ? {
        status: existing.status as PostingStatus,
        daily_budget_minor: existing.dailyBudgetMinor === null ? null : Number(existing.dailyBudgetMinor),
        spend_minor: Number(existing.spendMinor),
        impressions: existing.impressions,
        clicks: existing.clicks,
        apply_starts: existing.applyStarts,
        applies: existing.applies,
      }
    : ZERO;
  return { ...base, ...row.given };
}

function previewRows(rows: ValidRow[], existing: Map<string, JobPostingRow>): ImportPreviewRow[] {
  return rows.map((row) => {
    const found = existing.get(`${row.role.roleId}:${row.weekStart}`);
    return {
      row: row.row,
      role_id: row.role.roleId,
      role_name: row.role.roleName,
      week_start: row.weekStart,
      action: found ? 'update' : 'create',
      figures: mergedFigures(row, found),
    };
  });
}

/** POST /api/job-postings/import/preview/: what the import would write, or the refusal. */
export async function previewImport(
  deps: Deps,
  actor: UserRow,
  input: ImportRunInput,
): Promise<Omit<ImportPreviewResponse, 'success'>> {
  assertCan(actor, 'records.write');
  const { rows, existing } = await validateImport(deps, input);
  const preview = previewRows(rows, existing);
  const updates = preview.filter((row) => row.action === 'update').length;
  return { rows: preview, creates: preview.length - updates, updates };
}

/** POST /api/job-postings/import/: writes every row in one transaction (all or nothing). */
export async function runImport(
  deps: Deps,
  actor: UserRow,
  input: ImportRunInput,
): Promise<{ created: number; updated: number }> {
  assertCan(actor, 'records.write');
  const { rows, existing } = await validateImport(deps, input);
  const settings = await getAgencySettings(deps.db);
  const now = deps.config.now();
  return inTransaction(deps.db, async (tx) => {
    let updated = 0;
    const creates = [];
    for (const row of rows) {
      const found = existing.get(`${row.role.roleId}:${row.weekStart}`);
      const figures = mergedFigures(row, found);
      const columns = {
        status: figures.status,
        dailyBudgetMinor: figures.daily_budget_minor,
        spendMinor: figures.spend_minor,
        impressions: figures.impressions,
        clicks: figures.clicks,
        applyStarts: figures.apply_starts,
        applies: figures.applies,
      };
      if (found) {
        await updatePostingRow(tx, found.id, { ...columns, updatedAt: now });
        updated += 1;
      } else
        creates.push({
          roleId: row.role.roleId,
          weekStart: row.weekStart,
          currency: settings.currency,
          createdById: actor.id,
          ...columns,
        });
    }
    for (let i = 0; i < creates.length; i += 500) await insertPostingRows(tx, creates.slice(i, i + 500));
    const roleIds = new Set(rows.map((row) => row.role.roleId));
    const clientIds = new Set(rows.map((row) => row.role.clientId));
    await recordActivity(tx, {
      actor,
      verb: 'imported',
      modelType: 'job_posting',
      summary: `Imported the job board's traffic report: ${creates.length} new and ${updated} updated weeks for ${roleIds.size} role${roleIds.size === 1 ? '' : 's'}`,
      scope:
        roleIds.size === 1
          ? { roleId: [...roleIds][0]!, clientId: [...clientIds][0]! }
          : clientIds.size === 1
            ? { clientId: [...clientIds][0]! }
            : {},
    });
    return { created: creates.length, updated };
  });
}
