import { z } from 'zod';
import { IdSchema, pageQueryShape } from './common';
import { NOTE_MAX_LENGTH, NOTE_MODEL_TYPES } from './note-constants';

export { isNoteModelType, NOTE_MAX_LENGTH, NOTE_MODEL_TYPES } from './note-constants';

export const NoteModelTypeSchema = z.enum(NOTE_MODEL_TYPES);
export type NoteModelType = z.infer<typeof NoteModelTypeSchema>;

export const NoteTargetParamsSchema = z.object({
  model_type: NoteModelTypeSchema,
  object_id: IdSchema,
});

export const NoteSchema = z.object({
  id: z.number().int(),
  model_type: NoteModelTypeSchema,
  object_id: z.number().int(),
  body: z.string(),
  pinned: z.boolean(),
  /** The author's name stays after the author is deleted (id becomes null). */
  author: z.object({ id: z.number().int().nullable(), name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the text was last edited (pinning is not an edit); null for a note never edited. */
  edited_at: z.string().nullable(),
  /** The acting user may edit and delete it (its author, or an owner). */
  can_edit: z.boolean(),
});
export type Note = z.infer<typeof NoteSchema>;

const NoteBodySchema = z
  .string({ error: 'Write the note.' })
  .trim()
  .min(1, 'Write the note.')
  .max(NOTE_MAX_LENGTH, `Notes are at most ${NOTE_MAX_LENGTH} characters.`);

export const CreateNoteInputSchema = z.object({ body: NoteBodySchema, pinned: z.boolean().default(false) });
export type CreateNoteInput = z.input<typeof CreateNoteInputSchema>;

/** PATCH /api/notes/item/{id}/: edit the text, pin or unpin. */
export const UpdateNoteInputSchema = z
  .object({ body: NoteBodySchema.optional(), pinned: z.boolean().optional() })
  .refine((value) => value.body !== undefined || value.pinned !== undefined, 'Nothing to change.');
export type UpdateNoteInput = z.input<typeof UpdateNoteInputSchema>;

export const NoteListQuerySchema = z.object({
  ...pageQueryShape(20),
});

/** Pinned first, then newest first. */
export const NoteListResponseSchema = z.object({
  success: z.literal(true),
  notes: z.array(NoteSchema),
  count: z.number().int(),
  /** What the notes are about, for headings and breadcrumbs. */
  target: z.object({ model_type: NoteModelTypeSchema, object_id: z.number().int(), label: z.string() }),
});
export type NoteListResponse = z.infer<typeof NoteListResponseSchema>;

export const NoteResponseSchema = z.object({ success: z.literal(true), note: NoteSchema });

export const NoteSummaryResponseSchema = z.object({
  success: z.literal(true),
  summary: z.object({
    count: z.number().int(),
    pinned_count: z.number().int(),
    authors: z.array(z.object({ id: z.number().int().nullable(), name: z.string() })),
    latest: NoteSchema.nullable(),
  }),
});
export type NoteSummaryResponse = z.infer<typeof NoteSummaryResponseSchema>;

export const NOTE_ERRORS = {
  NOTE_NOT_FOUND: 'Note not found.',
  NOTE_TARGET_NOT_FOUND: 'The record these notes belong to was not found.',
  NOTE_NOT_AUTHOR: 'Only the author or an owner can change this note.',
} as const;
