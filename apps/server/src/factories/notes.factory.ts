import type { Db } from '../db/client';
import { insertNoteRow, insertNoteRows } from '../modules/notes/notes.repository';
import type { NewNoteRow, NoteRow } from '../modules/notes/notes.table';

/** Plain data for a note on a record. */
export function buildNote(overrides: Partial<NewNoteRow> & Pick<NewNoteRow, 'modelType' | 'objectId'>): NewNoteRow {
  return {
    body: 'Spoke with the hiring manager; they want a shortlist by Friday.',
    pinned: false,
    authorId: null,
    authorName: 'Test User',
    ...overrides,
  };
}

export function insertNote(
  db: Db,
  overrides: Partial<NewNoteRow> & Pick<NewNoteRow, 'modelType' | 'objectId'>,
): Promise<NoteRow> {
  return insertNoteRow(db, buildNote(overrides));
}

export function insertNotes(db: Db, rows: NewNoteRow[]): Promise<void> {
  return insertNoteRows(db, rows);
}
