/** The mapping step's rules, apart from the screen so they can be read and tested on their own. */
import {
  IMPORT_TARGET_FIELDS,
  type ImportColumnTarget,
  type ImportKind,
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

export const PRESET_LABELS: Record<Exclude<ImportPresetId, null>, string> = {
  opencats_candidates: 'OpenCATS candidates export recognised',
  bullhorn_candidates: 'Bullhorn candidates export recognised',
  bullhorn_contacts: 'Bullhorn contacts export recognised',
};

export const presetLabel = (preset: ImportPresetId | string | null | undefined) =>
  preset ? (PRESET_LABELS[preset as Exclude<ImportPresetId, null>] ?? 'A known export format recognised') : null;

export const isFieldTarget = (target: ImportColumnTarget) => target !== 'note' && target !== 'ignore';

export function targetFieldsOf(kind: string): readonly ImportTargetField[] {
  return (IMPORT_TARGET_FIELDS as Record<string, readonly ImportTargetField[] | undefined>)[kind] ?? [];
}

/**
 * Candidates: a full name column is split into first and last name, so mapping `full_name` satisfies both.
 */
const SATISFIED_BY: Record<string, readonly string[]> = {
  first_name: ['full_name'],
  last_name: ['full_name'],
};

/** The required target fields no column is mapped to. */
export function missingRequired(kind: string, mapping: readonly ImportColumnTarget[]): ImportTargetField[] {
  const used = new Set(mapping);
  return targetFieldsOf(kind).filter(
    (field) => field.required && !used.has(field.key) && !(SATISFIED_BY[field.key] ?? []).some((key) => used.has(key)),
  );
}

export interface AssignResult {
  mapping: ImportColumnTarget[];
  /** The column that held the target before (it is now ignored), if any. */
  movedFrom: number | null;
}

/** Column `index` takes `target`; a field is used once, so a column that had it gives it up (ignored). */
export function assignTarget(
  mapping: readonly ImportColumnTarget[],
  index: number,
  target: ImportColumnTarget,
): AssignResult {
  const next = [...mapping];
  let movedFrom: number | null = null;
  if (isFieldTarget(target)) {
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
    if (target !== undefined && (!isFieldTarget(target) || known.has(target))) byHeader.set(normaliseHeader(header), target);
  });
  let matched = 0;
  const fromSaved = headers.map((header) => byHeader.get(normaliseHeader(header)));
  const taken = new Set(fromSaved.filter((t): t is ImportColumnTarget => t !== undefined && isFieldTarget(t)));
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
    if (!known.has(target) || seen.has(target)) return 'ignore';
    seen.add(target);
    return target;
  });
}

export function targetLabel(kind: string, target: ImportColumnTarget): string {
  if (target === 'note') return 'Keep as note';
  if (target === 'ignore') return 'Ignore';
  return targetFieldsOf(kind).find((field) => field.key === target)?.label ?? target;
}
