import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Pin, PinOff, StickyNote } from 'lucide-react';
import type { CreateNoteInput, Note } from '@recruitdesk/contracts/notes';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DraftRestored } from '@/components/ui/draft-restored';
import { ConfirmDialog } from '@/components/ui/dialog';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { Pagination } from '@/components/ui/pagination';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { textLinkClasses } from '@/components/ui/link';
import { errorMessage } from '@/lib/base-api';
import { DateText, RelativeTime } from '@/components/ui/time';
import { formatRelativeTime } from '@/lib/format';
import { useFormDraft } from '@/lib/form-draft';
import { lazySchemaResolver } from '@/lib/lazy-resolver';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError } from '@/lib/notify';
import {
  useCreateNoteMutation,
  useDeleteNoteMutation,
  useGetNotesSummaryQuery,
  useListNotesQuery,
  useUpdateNoteMutation,
  type NoteTarget,
} from '../api';

// The schema (and zod) loads when the composer is first focused or validated, not with the page.
const noteComposerResolver = lazySchemaResolver(() =>
  import('@recruitdesk/contracts/notes').then((module) => module.CreateNoteInputSchema),
);

/** Pinned first, then newest first (the server's order; kept here so optimistic lists agree). */
export function sortNotes(notes: Note[]): Note[] {
  return [...notes].sort((a, b) => Number(b.pinned) - Number(a.pinned) || b.created_at.localeCompare(a.created_at));
}

function Composer({ target }: { target: NoteTarget }) {
  const [create, { isLoading, error }] = useCreateNoteMutation();
  const form = useForm<CreateNoteInput, unknown, { body: string; pinned: boolean }>({
    resolver: noteComposerResolver,
    defaultValues: { body: '', pinned: false },
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = form;
  // A note typed when the session expired is still here after signing in again (issue 29 item n).
  const draft = useFormDraft(`note:${target.modelType}:${target.objectId}`, form);
  return (
    <form
      noValidate
      aria-label="Add a note"
      onFocus={() => noteComposerResolver.preload()}
      className="space-y-3 border-b border-gray-200 px-5 py-4 dark:border-white/10"
      onSubmit={handleSubmit(async (body) => {
        const result = await create({ ...target, body });
        if (result.error) return;
        draft.clear();
        reset();
      })}
    >
      {draft.restored ? <DraftRestored onDiscard={draft.discard} /> : null}
      <label htmlFor={`note-new-${target.modelType}-${target.objectId}`} className="sr-only">
        New note
      </label>
      <Textarea
        id={`note-new-${target.modelType}-${target.objectId}`}
        dir="auto"
        placeholder="Add a note"
        rows={3}
        invalid={Boolean(errors.body)}
        aria-describedby={errors.body ? `note-new-${target.objectId}-error` : undefined}
        {...register('body')}
      />
      {errors.body ? (
        <p id={`note-new-${target.objectId}-error`} className="text-sm text-red-600 dark:text-red-400">
          {errors.body.message}
        </p>
      ) : null}
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
      <div className="flex items-center justify-between gap-3">
        <Checkbox label="Pin this note" {...register('pinned')} />
        <Button type="submit" size="sm" loading={isLoading}>
          Add note
        </Button>
      </div>
    </form>
  );
}

/** '· edited Mar 3, 2026, 2:15 PM': when the text last changed, in the profile zone. */
export function EditedLabel({ value }: { value: string }) {
  return (
    <span className="text-xs text-gray-500 dark:text-gray-400">
      <span aria-hidden="true">· </span>edited <DateText value={value} withTime />
    </span>
  );
}

function NoteItem({ note, target, now }: { note: Note; target: NoteTarget; now: Date }) {
  const dispatch = useAppDispatch();
  const [update, updateState] = useUpdateNoteMutation();
  const [remove] = useDeleteNoteMutation();
  const removing = useConfirmedMutation({
    run: () => remove({ ...target, id: note.id }),
    success: null,
    refusal: 'toast',
  });
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(note.body);
  const editId = `note-edit-${note.id}`;

  const save = async () => {
    const result = await update({ ...target, id: note.id, body: { body: draft } });
    if (!result.error) setEditing(false);
  };
  const togglePin = async () => {
    const result = await update({ ...target, id: note.id, body: { pinned: !note.pinned } });
    if (result.error) dispatch(notifyError(errorMessage(result.error)));
  };

  return (
    <li className="flex gap-3 px-5 py-4" aria-label={`Note by ${note.author.name}`}>
      <Avatar name={note.author.name} size="md" />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 text-sm">
          <span className="font-medium text-gray-900 dark:text-white">{note.author.name}</span>
          <RelativeTime value={note.created_at} now={now} className="text-xs text-gray-500 dark:text-gray-400" />
          {note.edited_at ? <EditedLabel value={note.edited_at} /> : null}
          {note.pinned ? (
            <span className="inline-flex items-center gap-1 text-xs font-medium text-amber-700 dark:text-amber-400">
              <Pin aria-hidden="true" className="size-3.5" />
              Pinned
            </span>
          ) : null}
        </div>
        {editing ? (
          <form
            noValidate
            className="mt-2 space-y-2"
            onSubmit={(event) => {
              event.preventDefault();
              void save();
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape') {
                event.stopPropagation();
                setEditing(false);
              }
            }}
          >
            <label htmlFor={editId} className="sr-only">
              Edit note
            </label>
            <Textarea
              id={editId}
              dir="auto"
              rows={3}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              autoFocus
            />
            {updateState.error ? <Alert>{errorMessage(updateState.error)}</Alert> : null}
            <div className="flex gap-2">
              <Button type="submit" size="sm" loading={updateState.isLoading} disabled={!draft.trim()}>
                Save
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          // dir="auto": a note in Arabic or Hebrew reads right to left, whatever the page's direction (issue 29 p).
          <p
            dir="auto"
            className="mt-1 text-start text-sm whitespace-pre-wrap break-words text-gray-700 dark:text-gray-300"
          >
            {note.body}
          </p>
        )}
        {note.can_edit && !editing ? (
          <div className="mt-2 flex flex-wrap gap-1">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraft(note.body);
                setEditing(true);
              }}
            >
              Edit
            </Button>
            <Button variant="ghost" size="sm" onClick={() => void togglePin()} loading={updateState.isLoading}>
              {note.pinned ? (
                <PinOff aria-hidden="true" className="size-4" />
              ) : (
                <Pin aria-hidden="true" className="size-4" />
              )}
              {note.pinned ? 'Unpin' : 'Pin'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => removing.ask(true)}>
              Delete
            </Button>
          </div>
        ) : null}
      </div>
      <ConfirmDialog
        {...removing.dialog}
        tone="danger"
        title="Delete this note?"
        description="It is removed for good."
        confirmLabel="Delete note"
      />
    </li>
  );
}

/** '{count} notes · {pinned} pinned · last by {name} {time}'. */
export function NotesSummary({ target }: { target: NoteTarget }) {
  const { data } = useGetNotesSummaryQuery(target);
  if (!data) return null;
  const { count, pinned_count, latest } = data.summary;
  if (count === 0) return <>No notes yet</>;
  const parts = [`${count} ${count === 1 ? 'note' : 'notes'}`, `${pinned_count} pinned`];
  if (latest) parts.push(`last by ${latest.author.name} ${formatRelativeTime(latest.created_at)}`);
  return <>{parts.join(' · ')}</>;
}

/**
 * Notes on any record: a composer (when the user may write), then the notes, pinned first; edit, pin and
 * delete show on the notes the user may change (`can_edit`).
 */
export function NotesPanel({
  target,
  canWrite,
  title = 'Notes',
  limit,
  allNotesHref,
  paging,
}: {
  target: NoteTarget;
  /** The all-notes page pages with the shared pager (page and size in its URL). */
  paging?: {
    page: number;
    pageSize: number;
    onPageChange: (page: number) => void;
    onPageSizeChange: (size: number) => void;
  };
  canWrite: boolean;
  title?: string;
  /** Show at most this many (the panel on a detail page); the full page shows all. */
  limit?: number;
  allNotesHref?: string;
}) {
  const { data, error, isLoading, isFetching, refetch } = useListNotesQuery(
    paging ? { ...target, page: paging.page, page_size: paging.pageSize } : target,
  );
  const titleId = `notes-${target.modelType}-${target.objectId}-title`;
  const notes = data ? sortNotes(data.notes) : [];
  const shown = limit ? notes.slice(0, limit) : notes;
  const now = new Date();
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader
        titleId={titleId}
        title={title}
        description={<NotesSummary target={target} />}
        action={
          allNotesHref && data && data.count > 0 ? (
            <Link to={allNotesHref} className={`${textLinkClasses} text-sm whitespace-nowrap`}>
              All notes
            </Link>
          ) : null
        }
      />
      {canWrite ? <Composer target={target} /> : null}
      {isLoading ? (
        <div className="space-y-3 p-5" aria-busy="true">
          <span role="status" className="sr-only">
            Loading notes
          </span>
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : error ? (
        <QueryError
          title="Could not load the notes"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : shown.length === 0 ? (
        <EmptyState
          icon={StickyNote}
          title="No notes yet"
          description={canWrite ? 'Write the first note above.' : undefined}
        />
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label={title}>
          {shown.map((note) => (
            <NoteItem key={note.id} note={note} target={target} now={now} />
          ))}
        </ul>
      )}
      {paging && data && !error ? (
        <Pagination
          page={paging.page}
          pageSize={paging.pageSize}
          total={data.count}
          busy={isFetching}
          noun={data.count === 1 ? 'note' : 'notes'}
          onPageChange={paging.onPageChange}
          onPageSizeChange={paging.onPageSizeChange}
        />
      ) : null}
    </Card>
  );
}
