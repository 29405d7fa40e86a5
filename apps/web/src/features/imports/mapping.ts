/** The mapping step's rules, apart from the screen so they can be read and tested on their own. */
import {
  IMPORT_PRESET_LABELS,
  IMPORT_REPEATABLE_TARGETS,
  IMPORT_TARGET_FIELDS,
  type ImportColumnTarget,
  type ImportPresetId,
  type ImportTargetField,
} from '@recruitdesk/contracts/import-fields';
import type { ImportMapping } from './types';

export const KIND_LABELS: Record<string, { one: string; many: string }> = {
  candidates: { one: 'candidate', many: 'Candidates' },
  clients: { one: 'client', many: 'Clients (with their contacts)' },
  roles: { one: 'role', many: 'Roles' },
  agency: { one: 'record', many: 'A whole agency (export ZIP)' },
};

export const kindLabel = (kind: string) => KIND_LABELS[kind]?.many.replace(/ \(.*\)$/, '') ?? kind;

/** "OpenCATS candidates export recognised", or null when the file matched no preset. */
export const presetLabel = (preset: ImportPresetId | string | null | undefined) =>
  preset
    ? `${IMPORT_PRESET_LABELS[preset as Exclude<ImportPresetId, null>] ?? 'A known export format'} recognised`
    : null;

/** Fields several columns may fill (their values are joined): skills, notes. */
const isRepeatable = (target: ImportColumnTarget) => IMPORT_REPEATABLE_TARGETS.includes(target);

export const isFieldTarget = (target: ImportColumnTarget) => target !== 'note' && target !== 'ignore';

export function targetFieldsOf(kind: string): readonly ImportTargetField[] {
  return (IMPORT_TARGET_FIELDS as Record<string, readonly ImportTargetField[] | undefined>)[kind] ?? [];
}

/** What a kind needs mapped before it can be previewed, besides its fields marked required. */
interface Requirement {
  key: string;
  label: string;
  /** Satisfied when any of these targets is mapped. */
  anyOf: readonly string[];
}

/** A candidate needs a name: a first or last name column, or a full name column (split into both). */
const EXTRA_REQUIREMENTS: Record<string, readonly Requirement[]> = {
  candidates: [
    {
      key: 'name',
      label: 'Name (first name, last name or full name)',
      anyOf: ['first_name', 'last_name', 'full_name'],
    },
  ],
};

/** The required targets no column is mapped to (a field marked required, or a kind's own need). */
export function missingRequired(kind: string, mapping: readonly ImportColumnTarget[]): Requirement[] {
  const used = new Set(mapping);
  const requirements: Requirement[] = [
    ...targetFieldsOf(kind)
      .filter((field) => field.required)
      .map((field) => ({ key: field.key, label: field.label, anyOf: [field.key] })),
    ...(EXTRA_REQUIREMENTS[kind] ?? []),
  ];
  return requirements.filter((requirement) => !requirement.anyOf.some((key) => used.has(key)));
}

export interface AssignResult {
  mapping: ImportColumnTarget[];
  /** The column that held the target before (it is now ignored), if any. */
  movedFrom: number | null;
}

/**
 * Column `index` takes `target`. A field is used once, so a column that had it gives it up (it is then
 * ignored); skills and notes may come from several columns.
 */
export function assignTarget(
  mapping: readonly ImportColumnTarget[],
  index: number,
  target: ImportColumnTarget,
): AssignResult {
  const next = [...mapping];
  let movedFrom: number | null = null;
  if (isFieldTarget(target) && !isRepeatable(target)) {
    next.forEach((current, other) => {
      if (other !== index && current === target) {
        next[other] = 'ignore';
        movedFrom = other;
      }
    });
  }
  next[index] = target;
  return { mapping: next, movedFrom };
}

const normaliseHeader = (header: string) => header.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * A saved mapping applied to this file: each column whose header the saved mapping knows takes its target;
 * the others keep what they had. A field stays used once (the saved mapping's column wins).
 */
export function applySavedMapping(
  headers: readonly string[],
  current: readonly ImportColumnTarget[],
  saved: Pick<ImportMapping, 'headers' | 'targets'>,
  kind: string,
): { mapping: ImportColumnTarget[]; matched: number } {
  const known = new Set(targetFieldsOf(kind).map((field) => field.key));
  const byHeader = new Map<string, ImportColumnTarget>();
  saved.headers.forEach((header, i) => {
    const target = saved.targets[i];
    if (target !== undefined && (!isFieldTarget(target) || known.has(target)))
      byHeader.set(normaliseHeader(header), target);
  });
  let matched = 0;
  const fromSaved = headers.map((header) => byHeader.get(normaliseHeader(header)));
  const taken = new Set(
    fromSaved.filter((t): t is ImportColumnTarget => t !== undefined && isFieldTarget(t) && !isRepeatable(t)),
  );
  const mapping = headers.map((_, i): ImportColumnTarget => {
    const target = fromSaved[i];
    if (target !== undefined) {
      matched += 1;
      return target;
    }
    const kept = current[i] ?? 'ignore';
    return isFieldTarget(kept) && taken.has(kept) ? 'ignore' : kept;
  });
  return { mapping, matched };
}

/** The mapping to start from: the server's suggestion, made whole (one entry per column, known targets). */
export function initialMapping(
  kind: string,
  columnCount: number,
  suggested: readonly ImportColumnTarget[] | null | undefined,
): ImportColumnTarget[] {
  const known = new Set(targetFieldsOf(kind).map((field) => field.key));
  const seen = new Set<string>();
  return Array.from({ length: columnCount }, (_, i) => {
    const target = suggested?.[i] ?? 'ignore';
    if (!isFieldTarget(target)) return target;
    if (!known.has(target) || (seen.has(target) && !isRepeatable(target))) return 'ignore';
    seen.add(target);
    return target;
  });
}

export function targetLabel(kind: string, target: ImportColumnTarget): string {
  if (target === 'note') return 'Keep as note';
  if (target === 'ignore') return 'Ignore';
  return targetFieldsOf(kind).find((field) => field.key === target)?.label ?? target;
}
