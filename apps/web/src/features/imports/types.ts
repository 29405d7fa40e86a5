/**
 * The import API's shapes as the screens use them: the server's contracts (packages/contracts/src/imports.ts,
 * types only, so the screens do not load zod) and the target fields (import-fields.ts).
 */
import type { ImportColumnTarget, ImportKind, ImportPresetId } from '@recruitdesk/contracts/import-fields';
import type {
  DuplicatePolicy,
  ImportColumn,
  ImportListResponse,
  ImportMapping,
  ImportMappingInput,
  ImportMappingListResponse,
  ImportMappingResponse,
  ImportPreviewResponse,
  ImportPreviewRow,
  ImportResponse,
  ImportRowAction,
  ImportRunInput,
  ImportStatus,
  ImportUndoBlocked,
  ImportUploadKind,
  ImportView,
} from '@recruitdesk/contracts/imports';

export type {
  DuplicatePolicy,
  ImportColumn,
  ImportColumnTarget,
  ImportKind,
  ImportListResponse,
  ImportMapping,
  ImportMappingInput,
  ImportMappingListResponse,
  ImportMappingResponse,
  ImportPresetId,
  ImportResponse,
  ImportRunInput,
  ImportStatus,
  ImportUploadKind,
  ImportView,
};

export type PreviewAction = ImportRowAction;
export type PreviewRow = ImportPreviewRow;
export type PreviewResponse = ImportPreviewResponse;
export type UndoBlocked = ImportUndoBlocked;
