/**
 * Reading import files (issue 31): CSV and XLSX read as streams in a worker thread with their limits,
 * column-mapping suggestions (header names, values, presets) and cell normalisation. The import service
 * (modules/imports) builds its preview and job on these. docs/import-and-export.md describes the behaviour.
 */
export { ImportFileError, type ImportFileErrorCode } from './errors';
export {
  IMPORT_FILE_MAX_BYTES,
  inspectFile,
  readRows,
  type ImportRow,
  type ReadRowsOptions,
  type SheetInfo,
} from './import-file';
export {
  detectPreset,
  mapRow,
  normaliseHeader,
  PRESET_COLUMNS,
  splitFullName,
  suggestMapping,
  type MappedRow,
  type MappingSuggestion,
  type PresetColumn,
} from './mapping';
export {
  detectColumnHints,
  normaliseCell,
  normalisePhoneE164,
  parseAmount,
  parseDate,
  splitSkills,
  type ColumnHint,
  type NormaliseContext,
  type NormalisedCell,
} from './normalise';
