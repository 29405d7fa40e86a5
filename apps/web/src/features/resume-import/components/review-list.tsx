// Over 400 lines: the review list and its inline draft editor share the selection state.
import { useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { AlertTriangle, CheckCircle2, Pencil } from 'lucide-react';
import type { ResumeBatch, ResumeDraft, ResumeDraftEdit } from '@recruitdesk/contracts/resume-bulk';
import { DUPLICATE_REASON_LABELS } from '@recruitdesk/contracts/candidate-constants';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import type { ApiQueryError } from '@/lib/base-api';
import { errorMessage } from '@/lib/base-api';
import { useConfirmResumeDraftsMutation, useDiscardResumeBatchMutation } from '../api';
import { ProgressBar } from './bulk-upload';

/** The fields a draft row edits inline, in order, with their labels. */
const EDIT_FIELDS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['current_title', 'Title'],
  ['current_company', 'Company'],
  ['skills', 'Skills'],
] as const;
type EditField = (typeof EDIT_FIELDS)[number][0];
type Edits = Record<number, ResumeDraftEdit>;

const BATCH_REASON = { email: 'same email', phone: 'same phone', name: 'same name' } as const;

/** How sure the reading was, in words. */
export function confidenceLabel(value: number | null): { text: string; tone: 'green' | 'amber' | 'red' | 'gray' } {
  if (value === null) return { text: 'Not read yet', tone: 'gray' };
  const percent = `${Math.round(value * 100)} %`;
  if (value >= 0.8) return { text: `High (${percent})`, tone: 'green' };
  if (value >= 0.5) return { text: `Medium (${percent})`, tone: 'amber' };
  return { text: `Low (${percent})`, tone: 'red' };
}

const nameOf = (values: { first_name?: string | undefined; last_name?: string | undefined }) =>
  `${values.first_name ?? ''} ${values.last_name ?? ''}`.trim();

/** The draft's values with the recruiter's edits over them. */
function shownValues(draft: ResumeDraft, edit: ResumeDraftEdit | undefined) {
  return { ...draft.values, ...edit };
}

/** The 400's `fields` of one draft (`<id>.<field>` → messages), by field. */
function draftErrors(error: unknown, id: number): Record<string, string[]> {
  const fields = (error as ApiQueryError | undefined)?.fields ?? {};
  const prefix = `${id}.`;
  return Object.fromEntries(
    Object.entries(fields)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, messages]) => [key.slice(prefix.length), messages]),
  );
}

function DraftEditor({
  draft,
  edit,
  errors,
  onChange,
}: {
  draft: ResumeDraft;
  edit: ResumeDraftEdit | undefined;
  errors: Record<string, string[]>;
  onChange: (field: EditField, value: string | string[]) => void;
}) {
  const values = shownValues(draft, edit);
  return (
    <div className="grid grid-cols-1 gap-3 pt-3 sm:grid-cols-2">
      {EDIT_FIELDS.map(([field, label]) => (
        <Field
          key={field}
          label={label}
          error={errors[field]?.[0]}
          hint={field === 'skills' ? 'Separate skills with commas.' : undefined}
          className={field === 'skills' ? 'sm:col-span-2' : undefined}
        >
          <Input
            value={field === 'skills' ? (values.skills ?? []).join(', ') : String(values[field] ?? '')}
            onChange={(event) =>
              onChange(
                field,
                field === 'skills'
                  ? event.target.value
                      .split(',')
                      .map((skill) => skill.trim())
                      .filter(Boolean)
                  : event.target.value,
              )
            }
          />
        </Field>
      ))}
    </div>
  );
}

function DraftRow({
  draft,
  edit,
  selected,
  editing,
  errors,
  onSelect,
  onEditToggle,
  onChange,
}: {
  draft: ResumeDraft;
  edit: ResumeDraftEdit | undefined;
  selected: boolean;
  editing: boolean;
  errors: Record<string, string[]>;
  onSelect: (selected: boolean) => void;
  onEditToggle: () => void;
  onChange: (field: EditField, value: string | string[]) => void;
}) {
  const id = useId();
  const values = shownValues(draft, edit);
  const name = nameOf(values) || 'Name not found';
  const selectable = draft.status === 'parsed';
  const confidence = confidenceLabel(draft.overall_confidence);
  const work = [values.current_title, values.current_company].filter(Boolean).join(' at ');
  const hasErrors = Object.keys(errors).length > 0;
  return (
    <li aria-labelledby={`${id}-name`} className="px-4 py-4 sm:px-5">
      <div className="flex items-start gap-3">
        <div className="pt-0.5">
          <input
            type="checkbox"
            aria-label={`Select ${name} (${draft.filename})`}
            disabled={!selectable}
            checked={selectable && selected}
            onChange={(event) => onSelect(event.target.checked)}
            className="size-4 rounded border-gray-300 accent-brand-600 dark:accent-brand-500"
          />
        </div>
        <div className="min-w-0 flex-1 space-y-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span id={`${id}-name`} className="font-medium text-gray-900 dark:text-white">
              {name}
            </span>
            <span className="truncate text-xs text-gray-500 dark:text-gray-400">{draft.filename}</span>
            {draft.status === 'parsed' ? (
              <Badge tone={confidence.tone}>
                <span className="sr-only">Confidence: </span>
                {confidence.text}
              </Badge>
            ) : null}
            {draft.status === 'pending' ? <Badge>Reading…</Badge> : null}
            {draft.status === 'failed' ? <Badge tone="red">Could not be read</Badge> : null}
            {draft.status === 'discarded' ? <Badge>Discarded</Badge> : null}
            {draft.status === 'confirmed' ? (
              <Badge tone="green">
                <CheckCircle2 aria-hidden="true" className="mr-1 size-3" />
                Created
              </Badge>
            ) : null}
          </div>
          <dl className="grid grid-cols-1 gap-x-4 text-sm text-gray-700 sm:grid-cols-3 dark:text-gray-300">
            <div className="min-w-0">
              <dt className="sr-only">Email</dt>
              <dd className="truncate">{values.email || '—'}</dd>
            </div>
            <div>
              <dt className="sr-only">Phone</dt>
              <dd>{values.phone || '—'}</dd>
            </div>
            <div className="min-w-0">
              <dt className="sr-only">Title and company</dt>
              <dd className="truncate">{work || '—'}</dd>
            </div>
            {values.skills?.length ? (
              <div className="sm:col-span-3">
                <dt className="sr-only">Skills</dt>
                <dd className="text-gray-500 dark:text-gray-400">{values.skills.join(', ')}</dd>
              </div>
            ) : null}
          </dl>
          {draft.error ? <p className="text-sm text-red-600 dark:text-red-400">{draft.error}</p> : null}
          {draft.warnings.map((warning) => (
            <p key={warning} className="text-sm text-amber-700 dark:text-amber-300">
              {warning}
            </p>
          ))}
          {draft.status !== 'confirmed' && draft.duplicates.length ? (
            <p className="flex flex-wrap items-center gap-1 text-sm text-amber-800 dark:text-amber-300">
              <AlertTriangle aria-hidden="true" className="size-4" />
              Possible duplicate of{' '}
              {draft.duplicates.map((duplicate, index) => (
                <span key={duplicate.id}>
                  {index > 0 ? ', ' : ''}
                  <Link
                    to={paths.app.candidate.getHref(duplicate.id)}
                    target="_blank"
                    className="font-medium underline"
                  >
                    {duplicate.name}
                  </Link>{' '}
                  ({DUPLICATE_REASON_LABELS[duplicate.reason].toLowerCase()})
                </span>
              ))}
            </p>
          ) : null}
          {draft.status === 'parsed' && draft.batch_duplicates.length ? (
            <p className="text-sm text-amber-800 dark:text-amber-300">
              Also in this upload:{' '}
              {draft.batch_duplicates.map((other) => `${other.filename} (${BATCH_REASON[other.reason]})`).join(', ')}
            </p>
          ) : null}
          {draft.candidate ? (
            <p className="text-sm">
              <Link
                to={paths.app.candidate.getHref(draft.candidate.id)}
                className="text-brand-600 hover:underline dark:text-brand-400"
              >
                Open {draft.candidate.name}
              </Link>
            </p>
          ) : null}
          {hasErrors && !editing ? (
            <p className="text-sm text-red-600 dark:text-red-400">Correct the marked fields before creating.</p>
          ) : null}
        </div>
        {selectable ? (
          <Button
            variant="ghost"
            size="sm"
            aria-expanded={editing}
            aria-label={`${editing ? 'Done editing' : 'Edit'} ${name}`}
            onClick={onEditToggle}
          >
            <Pencil aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">{editing ? 'Done' : 'Edit'}</span>
          </Button>
        ) : null}
      </div>
      {/* The fields use the row's whole width (under the checkbox's indent from sm up): on a phone they were
          squeezed between the checkbox and the edit button. */}
      {selectable && editing ? (
        <div className="sm:pl-7">
          <DraftEditor draft={draft} edit={edit} errors={errors} onChange={onChange} />
          <div className="flex justify-end pt-3">
            <Button variant="secondary" size="sm" onClick={onEditToggle}>
              Done
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/**
 * The drafts of a bulk upload to review: each with its name, contacts, title, company, skills, how sure the
 * reading was and any possible duplicate (linked); the recruiter edits a draft inline, ticks the ones to keep
 * and creates them ("Create selected", "Create all"), or discards the rest.
 */
export function ResumeReviewList({ batch, onCreated }: { batch: ResumeBatch; onCreated?: (count: number) => void }) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Set<number>>(new Set());
  const [edits, setEdits] = useState<Edits>({});
  const [asking, setAsking] = useState(false);
  const [confirm, confirmState] = useConfirmResumeDraftsMutation();
  const [discard, discardState] = useDiscardResumeBatchMutation();
  const ready = useMemo(() => batch.drafts.filter((draft) => draft.status === 'parsed'), [batch.drafts]);
  const chosen = ready.filter((draft) => selected.has(draft.id));
  const reading = batch.status === 'parsing';
  const closed = batch.status === 'closed';
  const busy = confirmState.isLoading || discardState.isLoading;

  const toggle = (set: Set<number>, id: number, on: boolean) => {
    const next = new Set(set);
    if (on) next.add(id);
    else next.delete(id);
    return next;
  };

  const create = async (drafts: ResumeDraft[]) => {
    const ids = drafts.map((draft) => draft.id);
    const sentEdits = ids.filter((id) => edits[id]).map((id) => ({ id, values: edits[id]! }));
    const result = await confirm({
      id: batch.id,
      body: { ids, ...(sentEdits.length ? { edits: sentEdits } : {}) },
    });
    if (result.error) {
      // Open the drafts whose fields were refused.
      const fields = Object.keys((result.error as ApiQueryError).fields ?? {});
      const refused = new Set(fields.map((key) => Number(key.split('.')[0])).filter(Boolean));
      if (refused.size) setEditing((before) => new Set([...before, ...refused]));
      return;
    }
    setSelected(new Set());
    setEditing(new Set());
    setEdits((before) => Object.fromEntries(Object.entries(before).filter(([id]) => !ids.includes(Number(id)))));
    onCreated?.(result.data.created.length);
  };

  const openCount = batch.counts.pending + batch.counts.parsed + batch.counts.failed;

  return (
    <div className="space-y-4">
      {reading ? (
        <ProgressBar
          label="Reading resumes"
          value={batch.progress.done}
          max={batch.progress.total}
          text={`${batch.progress.done} of ${batch.progress.total}`}
        />
      ) : null}
      {batch.status === 'failed' ? (
        <Alert>Reading the resumes stopped with an error. The drafts read so far can still be created.</Alert>
      ) : null}
      {batch.refused.length ? (
        <div role="alert" className="space-y-1 text-sm text-amber-800 dark:text-amber-300">
          <p className="font-medium">
            {batch.refused.length} {batch.refused.length === 1 ? 'file was' : 'files were'} not accepted:
          </p>
          <ul className="list-disc pl-5">
            {batch.refused.map((file, index) => (
              <li key={`${file.filename}-${index}`}>{file.reason}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {confirmState.error && !(confirmState.error as ApiQueryError).fields ? (
        <Alert>{errorMessage(confirmState.error)}</Alert>
      ) : null}
      {confirmState.error && (confirmState.error as ApiQueryError).fields ? (
        <Alert>Some drafts need corrections before they can be created: see the marked fields.</Alert>
      ) : null}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-700 dark:text-gray-300" aria-live="polite">
          {batch.counts.parsed} to review · {batch.counts.confirmed} created
          {batch.counts.failed ? ` · ${batch.counts.failed} unreadable` : ''}
          {batch.counts.discarded ? ` · ${batch.counts.discarded} discarded` : ''}
        </p>
        {closed ? null : (
          <div className="flex flex-wrap gap-2">
            <Button
              disabled={chosen.length === 0 || busy}
              loading={confirmState.isLoading && chosen.length > 0}
              onClick={() => void create(chosen)}
            >
              Create selected ({chosen.length})
            </Button>
            <Button variant="secondary" disabled={ready.length === 0 || busy} onClick={() => void create(ready)}>
              Create all ({ready.length})
            </Button>
            <Button variant="secondary" disabled={openCount === 0 || busy} onClick={() => setAsking(true)}>
              Discard
            </Button>
          </div>
        )}
      </div>

      {ready.length > 1 ? (
        <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
          <input
            type="checkbox"
            className="size-4 rounded border-gray-300 accent-brand-600 dark:accent-brand-500"
            checked={chosen.length === ready.length}
            onChange={(event) =>
              setSelected(event.target.checked ? new Set(ready.map((draft) => draft.id)) : new Set())
            }
          />
          Select every draft ready to create
        </label>
      ) : null}

      <ul
        aria-label="Draft candidates"
        className="divide-y divide-gray-200 rounded-lg ring-1 ring-gray-200 dark:divide-white/10 dark:ring-white/10"
      >
        {batch.drafts.map((draft) => (
          <DraftRow
            key={draft.id}
            draft={draft}
            edit={edits[draft.id]}
            selected={selected.has(draft.id)}
            editing={editing.has(draft.id)}
            errors={draftErrors(confirmState.error, draft.id)}
            onSelect={(on) => setSelected((before) => toggle(before, draft.id, on))}
            onEditToggle={() => setEditing((before) => toggle(before, draft.id, !before.has(draft.id)))}
            onChange={(field, value) =>
              setEdits((before) => ({ ...before, [draft.id]: { ...before[draft.id], [field]: value } }))
            }
          />
        ))}
      </ul>

      <ConfirmDialog
        open={asking}
        title="Discard the rest?"
        description={`The ${openCount} ${openCount === 1 ? 'draft' : 'drafts'} not created yet will be discarded with ${openCount === 1 ? 'its file' : 'their files'}. Candidates already created stay.`}
        confirmLabel="Discard"
        tone="danger"
        loading={discardState.isLoading}
        error={discardState.error}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          void discard(batch.id).then((result) => {
            if (!result.error) setAsking(false);
          });
        }}
      />
    </div>
  );
}
