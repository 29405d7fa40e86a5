import { useState } from 'react';
import { Link } from 'react-router';
import { ShieldCheck } from 'lucide-react';
import {
  DATA_REQUEST_KIND_LABELS,
  LEGAL_BASIS_LABELS,
  type DataRequest,
  type DueCandidate,
  type RetentionRun,
} from '@recruitdesk/contracts/data-protection';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { FormDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { QueryError } from '@/components/ui/query-error';
import { Textarea } from '@/components/ui/textarea';
import { DateText } from '@/components/ui/time';
import { paths } from '@/config/paths';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useDecideDataRequestMutation, useGetDataProtectionQuery } from '../api';
import { daysUntil } from '../consent-logic';

type Decision = { request: DataRequest; status: 'done' | 'rejected' };

/** What fulfilling a request means, beside the buttons that close it. */
const FULFIL_HINTS: Partial<Record<DataRequest['kind'], string>> = {
  access: 'Export their data from the candidate page, send it, then mark this done.',
  erasure: 'Erase them from the candidate page (or reject with the reason the law lets you keep the data).',
  withdraw_consent: 'Their consent is withdrawn already: erase them, or record another legal basis.',
  restriction: 'Restrict processing from the candidate page, then mark this done.',
};

function DecideDialog({ decision, onClose }: { decision: Decision | null; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [decide, { isLoading, error, reset }] = useDecideDataRequestMutation();
  const [note, setNote] = useState('');
  const close = () => {
    setNote('');
    reset();
    onClose();
  };
  if (!decision) return null;
  const verb = decision.status === 'done' ? 'Mark done' : 'Reject';
  return (
    <FormDialog
      open
      onClose={close}
      title={`${verb}: ${DATA_REQUEST_KIND_LABELS[decision.request.kind]}`}
      description={`The request of ${decision.request.candidate_name}.`}
      submitLabel={verb}
      tone={decision.status === 'rejected' ? 'danger' : undefined}
      loading={isLoading}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        void decide({ id: decision.request.id, status: decision.status, note }).then((result) => {
          if (result.error) return;
          dispatch(notifySuccess(decision.status === 'done' ? 'Request marked done.' : 'Request rejected.'));
          close();
        });
      }}
    >
      <Field label="Note" hint="What was done, or why the request is refused (kept with the request).">
        <Textarea rows={3} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
    </FormDialog>
  );
}

function Deadline({ iso }: { iso: string }) {
  const days = daysUntil(iso, new Date());
  return (
    <span className="flex flex-wrap items-center gap-2">
      <DateText value={iso} />
      <Badge tone={days < 0 ? 'red' : days <= 7 ? 'amber' : 'gray'}>
        {days < 0 ? `${-days} days late` : `${days} days left`}
      </Badge>
    </span>
  );
}

function RequestsList({ requests, onDecide }: { requests: DataRequest[]; onDecide: (decision: Decision) => void }) {
  if (requests.length === 0)
    return <EmptyState icon={ShieldCheck} title="No open requests" description="Requests people make show up here." />;
  return (
    <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label="Open requests">
      {requests.map((request) => (
        <li key={request.id} className="space-y-2 px-5 py-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="text-sm font-medium text-gray-900 dark:text-white">
                {DATA_REQUEST_KIND_LABELS[request.kind]}:{' '}
                {request.candidate_id !== null ? (
                  <Link
                    className="text-brand-700 hover:underline dark:text-brand-300"
                    to={paths.app.candidate.getHref(request.candidate_id)}
                  >
                    {request.candidate_name}
                  </Link>
                ) : (
                  request.candidate_name
                )}
              </p>
              <p className="text-sm text-gray-500 dark:text-gray-400">
                {request.channel === 'self_service' ? 'From the privacy page' : 'Recorded by staff'}, received{' '}
                <DateText value={request.received_at} />
                {request.note ? ` · ${request.note}` : ''}
              </p>
            </div>
            <Deadline iso={request.deadline_at} />
          </div>
          {FULFIL_HINTS[request.kind] ? (
            <p className="text-sm text-gray-600 dark:text-gray-300">{FULFIL_HINTS[request.kind]}</p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {request.candidate_id !== null ? (
              <Link to={paths.app.candidate.getHref(request.candidate_id)} className={buttonClasses('secondary', 'sm')}>
                Open candidate
              </Link>
            ) : null}
            <Button size="sm" variant="secondary" onClick={() => onDecide({ request, status: 'done' })}>
              Mark done
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onDecide({ request, status: 'rejected' })}>
              Reject
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** How many people a list shows before "Show all". */
export const PEOPLE_SHOWN = 10;

function PeopleList({ people, label, empty }: { people: DueCandidate[]; label: string; empty: string }) {
  const [all, setAll] = useState(false);
  if (people.length === 0) return <p className="px-5 py-6 text-sm text-gray-500 dark:text-gray-400">{empty}</p>;
  const shown = all ? people : people.slice(0, PEOPLE_SHOWN);
  return (
    <>
      <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label={label}>
        {shown.map((person) => (
          <li key={person.candidate_id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-3 text-sm">
            <div className="min-w-0">
              <Link
                className="font-medium text-brand-700 hover:underline dark:text-brand-300"
                to={paths.app.candidate.getHref(person.candidate_id)}
              >
                {person.name}
              </Link>
              <p className="text-gray-500 dark:text-gray-400">
                {LEGAL_BASIS_LABELS[person.legal_basis]} · until <DateText value={person.due_at} />
                {person.notice_sent_at ? (
                  <>
                    {' '}
                    · renewal email sent <DateText value={person.notice_sent_at} />
                  </>
                ) : null}
              </p>
            </div>
            {person.waiting_reason ? <Badge tone="amber">{person.waiting_reason}</Badge> : null}
          </li>
        ))}
      </ul>
      {people.length > PEOPLE_SHOWN ? (
        <div className="border-t border-gray-100 px-5 py-3 dark:border-white/5">
          <Button variant="ghost" size="sm" onClick={() => setAll((value) => !value)} aria-expanded={all}>
            {all ? `Show the first ${PEOPLE_SHOWN}` : `Show all ${people.length}${people.length >= 200 ? '+' : ''}`}
          </Button>
        </div>
      ) : null}
    </>
  );
}

function LastRun({ run }: { run: RetentionRun | null }) {
  if (!run) return <p className="text-sm text-gray-500 dark:text-gray-400">The daily job has not run yet.</p>;
  const counts = [
    [run.notices_sent, 'renewal emails'],
    [run.anonymised, 'anonymised'],
    [run.waiting, 'waiting'],
    [run.owners_notified, 'owner notices'],
    [run.reminders_sent, 'request reminders'],
  ] as const;
  return (
    <div className="space-y-2 text-sm">
      <p className="text-gray-700 dark:text-gray-300">
        Ran <DateText value={run.ran_at} withTime />.
      </p>
      <ul className="flex flex-wrap gap-2" aria-label="What the last run did">
        {counts.map(([count, what]) => (
          <li key={what}>
            <Badge tone={count ? 'brand' : 'gray'}>
              {count} {what}
            </Badge>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** /settings/data-protection (owners): consents expiring, people due, open requests, the job's last run. */
export function DataProtectionPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetDataProtectionQuery();
  const [decision, setDecision] = useState<Decision | null>(null);
  if (isLoading) return <PageSkeleton variant="list" />;
  if (error || !data)
    return (
      <QueryError
        title="The data protection page could not be loaded"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Data protection"
        description={`People's data is kept ${data.settings.retention_months} months after their last activity; renewal emails go ${data.settings.renewal_notice_days} days before.`}
        actions={
          <Link to={`${paths.app.settings.getHref()}#data-protection`} className={buttonClasses('secondary')}>
            Retention settings
          </Link>
        }
      />
      <SectionCard
        id="requests"
        title="Open requests"
        description="Each must be answered within 30 days of receipt."
        flush
      >
        <RequestsList requests={data.requests} onDecide={setDecision} />
      </SectionCard>
      <SectionCard
        id="due"
        title="Due for anonymisation"
        description={
          data.settings.expiry_action === 'anonymise'
            ? 'Their retention period has ended; the daily job anonymises them unless they renew or are in an open pipeline.'
            : 'Their retention period has ended; the agency only notifies, so renew or erase them.'
        }
        flush
      >
        <PeopleList people={data.due} label="Due for anonymisation" empty="Nobody is due." />
      </SectionCard>
      <SectionCard id="expiring" title="Expiring in the next 30 days" flush>
        <PeopleList people={data.expiring} label="Expiring in the next 30 days" empty="Nobody's data expires soon." />
      </SectionCard>
      <SectionCard id="last-run" title="The daily retention job">
        <LastRun run={data.last_run} />
      </SectionCard>
      <DecideDialog decision={decision} onClose={() => setDecision(null)} />
    </div>
  );
}
