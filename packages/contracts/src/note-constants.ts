/** Zod-free: the web imports these at start-up without building the schemas (docs/performance.md); the schema module re-exports them. */

export const NOTE_MODEL_TYPES = ['client', 'role', 'candidate', 'pipeline', 'application', 'invoice'] as const;
export type NoteModelType = (typeof NOTE_MODEL_TYPES)[number];
export const isNoteModelType = (value: string): value is NoteModelType =>
  (NOTE_MODEL_TYPES as readonly string[]).includes(value);

export const NOTE_MAX_LENGTH = 10_000;
