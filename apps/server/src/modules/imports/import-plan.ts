// A row of the file as it will be stored, and what will happen to it under the duplicate policy: the one
// logic the preview (over the whole file, nothing written) and the job (batch by batch) share.
import { IMPORT_REPEATABLE_TARGETS, IMPORT_TARGET_FIELDS, type ImportKind } from '@recruitdesk/contracts/import-fields';
import type { DuplicateMatch, DuplicatePolicy, ImportRowAction } from '@recruitdesk/contracts/imports';
import type { Db } from '../../db/client';
import {
  isEmptyValue,
  KIND_ADAPTERS,
  type Columns,
  type ExistingRecord,
  type ImportContext,
  type KindAdapter,
} from './import-kinds';
import { mapRow, type ColumnHint, type ImportRow } from './reading';

export interface ImportPlanInput {
  kind: ImportKind;
  headers: string[];
  mapping: string[];
  policy: DuplicatePolicy;
  context: ImportContext;
  /** Per column: how its dates and amounts are written (from the upload's suggestion). */
  hints: ColumnHint[];
}

/** Why a mapping cannot be used (a field twice, an unknown target, a required field missing), or null. */
export function mappingProblems(
  kind: ImportKind,
  headers: string[],
  mapping: string[],
): Record<string, string[]> | null {
  const problems: string[] = [];
  if (mapping.length !== headers.length) problems.push(`Give one target per column (${headers.length}).`);
  const fields = new Map(IMPORT_TARGET_FIELDS[kind].map((field) => [field.key, field]));
  const seen = new Set<string>();
  mapping.forEach((target, index) => {
    if (target === 'ignore' || target === 'note') return;
    const header = headers[index] ?? `column ${index + 1}`;
    if (!fields.has(target)) problems.push(`“${header}”: unknown target “${target}”.`);
    else if (seen.has(target) && !IMPORT_REPEATABLE_TARGETS.includes(target))
      problems.push(`“${fields.get(target)?.label ?? target}” is mapped to more than one column.`);
    seen.add(target);
  });
  const required = KIND_ADAPTERS[kind].mappingProblem(seen);
  if (required) problems.push(required);
  for (const field of IMPORT_TARGET_FIELDS[kind])
    if (field.required && !seen.has(field.key) && !required) problems.push(`Map a column to “${field.label}”.`);
  return problems.length ? { mapping: problems } : null;
}

export interface PreparedRow {
  line: number;
  cells: string[];
  /** Each mapped field's value as it will be stored (null: empty or unreadable). */
  values: Record<string, unknown>;
  problems: Array<{ field: string; message: string }>;
  note: string | null;
}

/**
 * Problems that do not refuse the row (the reading module keeps a usable value): a phone kept as written,
 * skills beyond the limit dropped, a note cut at its limit. Every other problem refuses the row.
 */
const WARNING_FIELDS = new Set(['phone', 'contact_phone', 'skills', 'notes']);
export const isRefusingProblem = (problem: { field: string }) => !WARNING_FIELDS.has(problem.field);

/** The row's cells read through the mapping (the reading module's mapRow: the one reading of a row). */
export function prepareRow(input: ImportPlanInput, row: ImportRow): PreparedRow {
  const mapped = mapRow(
    input.kind,
    input.headers,
    input.mapping,
    row.cells,
    { defaultCountry: input.context.defaultCountry, currency: input.context.currency },
    input.hints,
  );
  return { line: row.line, cells: row.cells, values: mapped.values, problems: mapped.problems, note: mapped.note };
}

/** What an earlier row of the same file (not yet in the database) will have become. */
interface PendingRecord {
  line: number;
  name: string;
  /** The job keeps the columns (one batch); the preview only which fillable columns are set. */
  columns: Columns | null;
  filled: Set<string>;
  /** The job: its position among the batch's creations. */
  createIndex: number;
}

export interface PlannedRow extends PreparedRow {
  action: ImportRowAction;
  reason: string | null;
  columns: Columns | null;
  duplicate: { id: number | null; name: string; matched_by: DuplicateMatch; line?: number } | null;
  /** update: the existing record (or the earlier row's pending record) and the columns filled. */
  existing: ExistingRecord | null;
  pending: PendingRecord | null;
  set: Columns | null;
  /** update of an existing record: the filled columns' values before. */
  previous: Columns | null;
  /** create: its position among the batch's creations. */
  createIndex: number | null;
}

const labelOf = (kind: ImportKind, key: string) =>
  IMPORT_TARGET_FIELDS[kind].find((field) => field.key === key)?.label ?? key;

/**
 * Plans rows batch by batch. `keepAcrossBatches` (the preview): earlier rows of the file are remembered for
 * the whole file, since nothing is written; the job writes each batch before the next, so the database
 * itself then answers for the earlier batches and only the batch's own rows are remembered.
 */
export class ImportPlanner {
  private readonly adapter: KindAdapter;
  private fileIndex = new Map<string, PendingRecord>();
  private creates = 0;

  constructor(
    private readonly input: ImportPlanInput,
    private readonly options: { keepAcrossBatches: boolean },
  ) {
    this.adapter = KIND_ADAPTERS[input.kind];
  }

  async planBatch(db: Db, rows: ImportRow[]): Promise<PlannedRow[]> {
    if (!this.options.keepAcrossBatches) {
      this.fileIndex = new Map();
      this.creates = 0;
    }
    const prepared = rows.map((row) => prepareRow(this.input, row));
    const resolved = this.adapter.resolve
      ? await this.adapter.resolve(
          db,
          prepared.map((row) => row.values),
        )
      : {};
    const withColumns = prepared.map((row) => {
      const refusing = row.problems.filter(isRefusingProblem);
      if (refusing.length) {
        const reason = refusing.map((p) => `${labelOf(this.input.kind, p.field)}: ${p.message}`).join(' ');
        return { row, columns: null, reason };
      }
      const result = this.adapter.columnsOf(row.values, this.input.context, resolved);
      return { row, columns: result.columns, reason: result.refuse };
    });
    const existing = await this.adapter.lookup(
      db,
      withColumns.flatMap((item) => (item.columns ? [item.columns] : [])),
      this.input.context,
    );
    return withColumns.map(({ row, columns, reason }) => this.planRow(row, columns, reason, existing));
  }

  private planRow(
    row: PreparedRow,
    columns: Columns | null,
    reason: string | null,
    existing: Map<string, ExistingRecord>,
  ): PlannedRow {
    const base: PlannedRow = {
      ...row,
      action: 'refuse',
      reason,
      columns,
      duplicate: null,
      existing: null,
      pending: null,
      set: null,
      previous: null,
      createIndex: null,
    };
    if (!columns) return base;
    const keys = this.adapter.keysOf(columns, this.input.context);
    let match: { record: ExistingRecord; by: DuplicateMatch } | { pending: PendingRecord } | null = null;
    for (const { key, by } of keys) {
      const record = existing.get(key);
      const pending = record ? undefined : this.fileIndex.get(key);
      if (record) match = { record, by };
      else if (pending) match = { pending };
      if (match) break;
    }
    const policy = this.input.policy;
    if (match && 'record' in match) {
      base.duplicate = { id: match.record.id, name: match.record.name, matched_by: match.by };
    } else if (match) {
      base.duplicate = { id: null, name: match.pending.name, matched_by: 'file', line: match.pending.line };
    }
    const unique = this.adapter.uniqueKeyPrefix;
    if (
      match &&
      policy === 'create' &&
      unique &&
      keys.some(({ key }) => key.startsWith(unique) && (existing.has(key) || this.fileIndex.has(key)))
    )
      return { ...base, reason: `A ${this.adapter.entity} with this name already exists.` };
    if (!match || policy === 'create') return this.create(base, columns, keys);
    if (policy === 'skip') return { ...base, action: 'skip' };
    // update_empty: only the fields empty on the record; nothing to fill is a skip.
    const set: Columns = {};
    if ('record' in match) {
      const previous: Columns = {};
      for (const column of this.adapter.fillable) {
        if (!isEmptyValue(columns[column]) && isEmptyValue(match.record.columns[column])) {
          set[column] = columns[column];
          previous[column] = match.record.columns[column] ?? null;
          match.record.columns[column] = columns[column];
        }
      }
      if (Object.keys(set).length === 0) return { ...base, action: 'skip' };
      return { ...base, action: 'update', existing: match.record, set, previous };
    }
    const pending = match.pending;
    for (const column of this.adapter.fillable) {
      if (!isEmptyValue(columns[column]) && !pending.filled.has(column)) {
        set[column] = columns[column];
        pending.filled.add(column);
        if (pending.columns) pending.columns[column] = columns[column];
      }
    }
    if (Object.keys(set).length === 0) return { ...base, action: 'skip' };
    return { ...base, action: 'update', pending, set };
  }

  private create(base: PlannedRow, columns: Columns, keys: Array<{ key: string }>): PlannedRow {
    const filled = new Set(this.adapter.fillable.filter((column) => !isEmptyValue(columns[column])));
    const pending: PendingRecord = {
      line: base.line,
      name: this.adapter.nameOf(columns),
      columns: this.options.keepAcrossBatches ? null : columns,
      filled,
      createIndex: this.creates,
    };
    this.creates += 1;
    for (const { key } of keys) if (!this.fileIndex.has(key)) this.fileIndex.set(key, pending);
    return { ...base, action: 'create', createIndex: pending.createIndex };
  }
}
