import { useState } from 'react';
import { ListOrdered, Plus, Users } from 'lucide-react';
import type { Enrolment, Sequence } from '@recruitdesk/contracts/sequences';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { Card } from '@/components/ui/card';
import { ConfirmDeleteDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { DateText } from '@/components/ui/time';
import { errorMessage } from '@/lib/base-api';
import {
  useDeleteSequenceMutation,
  useListEnrolmentsQuery,
  useListSequencesQuery,
  useStopEnrolmentMutation,
} from '../api';
import { SequenceFormDialog } from './sequence-form-dialog';

const STOP_REASONS: Record<NonNullable<Enrolment['stop_reason']>, string> = {
  replied: 'replied',
  placed: 'placed',
  do_not_contact: 'marked do not contact',
  unsubscribed: 'unsubscribed',
  no_email: 'no email address',
  missing_fields: 'missing template fields',
  stopped_by_user: 'stopped by hand',
  restricted: 'processing restricted',
};

function EnrolmentRow({ sequence, enrolment }: { sequence: Sequence; enrolment: Enrolment }) {
  const [stop, stopping] = useStopEnrolmentMutation();
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <div className="min-w-0">
        <p className="font-medium text-gray-900 dark:text-white">{enrolment.candidate.name}</p>
        <p className="text-xs text-gray-500 dark:text-gray-400">
          {enrolment.state === 'active' ? (
            <>
              Step {enrolment.next_step + 1} of {sequence.steps.length}
              {enrolment.next_run_at ? (
                <>
                  {' '}
                  on <DateText value={enrolment.next_run_at} withTime />
                </>
              ) : null}
            </>
          ) : enrolment.state === 'finished' ? (
            'Finished'
          ) : (
            `Stopped: ${enrolment.stop_reason ? STOP_REASONS[enrolment.stop_reason] : 'stopped'}`
          )}
        </p>
        {stopping.error ? <p className="text-xs text-red-600">{errorMessage(stopping.error)}</p> : null}
      </div>
      {enrolment.state === 'active' && sequence.can_edit ? (
        <Button
          size="sm"
          variant="secondary"
          loading={stopping.isLoading}
          aria-label={`Stop the sequence for ${enrolment.candidate.name}`}
          onClick={() => void stop({ id: sequence.id, enrolmentId: enrolment.id })}
        >
          Stop
        </Button>
      ) : null}
    </li>
  );
}

function Enrolments({ sequence }: { sequence: Sequence }) {
  const { data = [], error, isLoading, isFetching, refetch } = useListEnrolmentsQuery({ id: sequence.id });
  if (isLoading) return <Skeleton className="h-4 w-1/2" />;
  if (error)
    return (
      <QueryError
        title="Could not load the enrolments"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  if (!data.length) return <p className="text-sm text-gray-500 dark:text-gray-400">No one is enrolled yet.</p>;
  return (
    <ul aria-label={`Enrolled in ${sequence.name}`} className="divide-y divide-gray-100 dark:divide-white/5">
      {data.map((e) => (
        <EnrolmentRow key={e.id} sequence={sequence} enrolment={e} />
      ))}
    </ul>
  );
}

/** Settings → Sequences: outreach sequences, who is enrolled, stop one. Enrol from the candidates list. */
export function SequencesPage({ canEdit }: { canEdit: boolean }) {
  const { data: sequences = [], error, isLoading, isFetching, refetch } = useListSequencesQuery();
  const [dialog, setDialog] = useState<{ kind: 'new' } | { kind: 'edit' | 'delete'; sequence: Sequence } | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [remove, removing] = useDeleteSequenceMutation();
  let body;
  if (isLoading) body = <Skeleton className="m-5 h-4 w-1/2" />;
  else if (error)
    body = (
      <QueryError
        title="Could not load the sequences"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  else if (!sequences.length)
    body = (
      <EmptyState
        icon={ListOrdered}
        title="No sequences yet"
        description="Follow up automatically: up to 5 templated emails, stopped as soon as the candidate replies."
      />
    );
  else
    body = (
      <ul aria-label="Sequences" className="divide-y divide-gray-100 dark:divide-white/5">
        {sequences.map((s) => (
          <li key={s.id} className="space-y-3 px-5 py-4">
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-medium text-gray-900 dark:text-white">{s.name}</p>
                  <Badge tone="gray">
                    {s.steps.length} {s.steps.length === 1 ? 'step' : 'steps'}
                  </Badge>
                  {s.skip_weekends ? <Badge tone="gray">Working days</Badge> : null}
                </div>
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  {s.steps.map((step) => `${step.template.name} (+${step.delay_days} d)`).join(' → ')}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                <Button
                  size="sm"
                  variant="secondary"
                  aria-expanded={open === s.id}
                  onClick={() => setOpen(open === s.id ? null : s.id)}
                >
                  <Users aria-hidden="true" className="size-4" />
                  Enrolled ({s.active_enrolments})
                </Button>
                {s.can_edit ? (
                  <EditDeleteButtons
                    name={s.name}
                    onEdit={() => setDialog({ kind: 'edit', sequence: s })}
                    onDelete={() => setDialog({ kind: 'delete', sequence: s })}
                  />
                ) : null}
              </div>
            </div>
            {open === s.id ? <Enrolments sequence={s} /> : null}
          </li>
        ))}
      </ul>
    );
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Sequences"
        description="Enrol candidates from the candidates list: select them, then “Add to sequence”."
        actions={
          canEdit ? (
            <Button onClick={() => setDialog({ kind: 'new' })}>
              <Plus aria-hidden="true" className="size-4" />
              New sequence
            </Button>
          ) : null
        }
      />
      <Card className="overflow-hidden">{body}</Card>
      {dialog?.kind === 'new' || dialog?.kind === 'edit' ? (
        <SequenceFormDialog
          sequence={dialog.kind === 'edit' ? dialog.sequence : undefined}
          onClose={() => setDialog(null)}
        />
      ) : null}
      <ConfirmDeleteDialog
        item={dialog?.kind === 'delete' ? dialog.sequence : null}
        noun="sequence"
        description="Its enrolments stop; emails already sent stay on the timelines."
        onClose={() => setDialog(null)}
        onDelete={remove}
        loading={removing.isLoading}
        error={removing.error}
      />
    </div>
  );
}
