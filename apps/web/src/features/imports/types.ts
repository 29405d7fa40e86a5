/**
 * The import API's shapes as the screens use them (shared-interfaces.md "Import API"; the server's zod
 * contracts are packages/contracts/src/imports.ts, the target fields packages/contracts/src/import-fields.ts).
 */
import type { ImportColumnTarget, ImportKind, ImportPresetId } from '@recruitdesk/contracts/import-fields';

export type { ImportColumnTarget, ImportKind, ImportPresetId };

/** What the upload accepts as a kind (the ZIP of a full export is `agency`; not offered on this screen). */
export type ImportUploadKind = ImportKind | 'agency';

export type ImportStatus = 'uploaded' | 'queued' | 'running' | 'succeeded' | 'failed' | 'undoing' | 'undone';
export type DuplicatePolicy = 'skip' | 'update_empty' | 'create';

export interface ImportColumn {
  index: number;
  header: string;
  samples: string[];
}

export interface ImportView {
  id: number;
  kind: ImportUploadKind;
  filename: string;
  status: ImportStatus;
  created_at: string;
  created_by: { id: number; name: string } | null;
  format: 'csv' | 'xlsx' | string | null;
  encoding: string | null;
  delimiter: string | null;
  columns: ImportColumn[];
  suggested_mapping: ImportColumnTarget[];
  preset: ImportPresetId;
  mapping: ImportColumnTarget[] | null;
  duplicate_policy: DuplicatePolicy | null;
  total_rows: number;
  progress: { done: number; total: number | null; eta_seconds: number | null };
  counts: { created: number; updated: number; skipped: number; refused: number };
  errors_preview: Array<{ line: number; reason: string }>;
  undo_until: string | null;
  finished_at: string | null;
}

export interface ImportResponse {
  success: true;
  import: ImportView;
}

export interface ImportListResponse {
  success: true;
  imports: ImportView[];
  count: number;
}

export type PreviewAction = 'create' | 'update' | 'skip' | 'refuse';

export interface PreviewRow {
  line: number;
  values: Record<string, string | number | string[] | null>;
  problems: Array<{ field: string; message: string }>;
  action: PreviewAction;
  duplicate: {
    id: number;
    name: string;
    matched_by: 'email' | 'phone' | 'name_company' | 'file';
    line?: number;
  } | null;
}

export interface PreviewResponse {
  success: true;
  rows: PreviewRow[];
  totals: Record<PreviewAction, number>;
}

export interface ImportRunInput {
  mapping: ImportColumnTarget[];
  duplicate_policy: DuplicatePolicy;
}

export interface ImportMapping {
  id: number;
  name: string;
  kind: ImportKind;
  headers: string[];
  targets: ImportColumnTarget[];
}

export interface ImportMappingListResponse {
  success: true;
  mappings: ImportMapping[];
}

export interface UndoBlocked {
  success: false;
  error: string;
  code: 'UNDO_BLOCKED';
  changed: Array<{ kind: string; id: number; name: string }>;
}
