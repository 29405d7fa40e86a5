import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  DATA_REQUEST_KIND_LABELS,
  DATA_REQUEST_KINDS,
  LEGAL_BASES,
  LEGAL_BASIS_LABELS,
  LEGAL_BASIS_SOURCE_LABELS,
  LEGAL_BASIS_SOURCES,
  type ConsentResponse,
  type DataRequestKind,
} from '@recruitdesk/contracts/data-protection';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { QueryError } from '@/components/ui/query-error';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { DateText } from '@/components/ui/time';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useFileDataRequestMutation, useGetConsentQuery, useUpdateConsentMutation } from '../api';
import { consentInputOf, expiryTone, type ConsentFormValues } from '../consent-logic';

const optionalDay = z.union([z.literal(''), z.iso.date({ error: 'Enter a date.' })]);
const ConsentFormSchema = z.object({
  legal_basis: z.enum(LEGAL_BASES),
  source: z.enum(LEGAL_BASIS_SOURCES),
  given_on: optionalDay,
  consent_text: z.string().trim().max(5000, 'Use at most 5000 characters.'),
  expires_on: optionalDay,
});

function EditConsentDialog({
  candidateId,
  consent,
  open,
  onClose,
}: {
  candidateId: number;
  consent: ConsentResponse['consent'];
  open: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [save, { isLoading, error }] = useUpdateConsentMutation();
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<ConsentFormValues>({
    resolver: zodResolver(ConsentFormSchema),
    values: {
      legal_basis: consent.legal_basis,
      source: consent.source,
      given_on: consent.given_at?.slice(0, 10) ?? '',
      consent_text: consent.consent_text,
      expires_on: consent.expires_at?.slice(0, 10) ?? '',
    },
  });
  const onSubmit = async (values: ConsentFormValues) => {
    const result = await save({ id: candidateId, body: consentInputOf(values) });
    if (!result.error) {
      dispatch(notifySuccess('Legal basis saved.'));
      onClose();
    }
  };
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Legal basis"
      description="Why the agency holds this person's data, and until when."
      submitLabel="Save legal basis"
      loading={isLoading}
      error={error}
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <Field label="Legal basis" error={errors.legal_basis?.message}>
        <Select {...register('legal_basis')}>
          {LEGAL_BASES.map((basis) => (
            <option key={basis} value={basis}>
              {LEGAL_BASIS_LABELS[basis]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Source" error={errors.source?.message}>
        <Select {...register('source')}>
          {LEGAL_BASIS_SOURCES.map((source) => (
            <option key={source} value={source}>
              {LEGAL_BASIS_SOURCE_LABELS[source]}
            </option>
          ))}
        </Select>
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Given on" error={errors.given_on?.message}>
          <Input type="date" {...register('given_on')} />
        </Field>
        <Field label="Expires on" error={errors.expires_on?.message} hint="Empty: the agency's retention period.">
          <Input type="date" {...register('expires_on')} />
        </Field>
      </div>
      {watch('legal_basis') === 'consent' ? (
        <Field label="Consent text" error={errors.consent_text?.message} hint="The exact words the person agreed to.">
          <Textarea rows={4} {...register('consent_text')} />
        </Field>
      ) : null}
    </FormDialog>
  );
}

function FileRequestDialog({
  candidateId,
  open,
  onClose,
}: {
  candidateId: number;
  open: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [file, { isLoading, error }] = useFileDataRequestMutation();
  const [kind, setKind] = useState<DataRequestKind>('access');
  const [note, setNote] = useState('');
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Record a data protection request"
      description="A request the person made to you by phone, email or letter. It is due in 30 days."
      submitLabel="Record request"
      loading={isLoading}
      error={error}
      onSubmit={(event) => {
        event.preventDefault();
        void file({ candidateId, kind, note }).then((result) => {
          if (result.error) return;
          dispatch(notifySuccess('Request recorded.'));
          setNote('');
          onClose();
        });
      }}
    >
      <Field label="The person asked for">
        <Select value={kind} onChange={(event) => setKind(event.target.value as DataRequestKind)}>
          {DATA_REQUEST_KINDS.map((value) => (
            <option key={value} value={value}>
              {DATA_REQUEST_KIND_LABELS[value]}
            </option>
          ))}
        </Select>
      </Field>
      <Field label="Note">
        <Textarea rows={3} maxLength={2000} value={note} onChange={(event) => setNote(event.target.value)} />
      </Field>
    </FormDialog>
  );
}

/** The candidate page's "Legal basis" card (issue 34): the basis, its source, the consent text, the expiry. */
export function ConsentCard({
  candidateId,
  canEdit,
  canFileRequests,
}: {
  candidateId: number;
  canEdit: boolean;
  canFileRequests: boolean;
}) {
  const { data, error, isLoading, isFetching, refetch } = useGetConsentQuery(candidateId);
  const [editing, setEditing] = useState(false);
  const [filing, setFiling] = useState(false);
  const action =
    data && (canEdit || canFileRequests) ? (
      <div className="flex flex-wrap gap-2">
        {canFileRequests ? (
          <Button variant="secondary" size="sm" onClick={() => setFiling(true)}>
            Record a request
          </Button>
        ) : null}
        {canEdit ? (
          <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
            Edit legal basis
          </Button>
        ) : null}
      </div>
    ) : undefined;
  return (
    <SectionCard
      id="legal-basis"
      title="Legal basis"
      description="Why the agency holds this person's data (data protection)."
      action={action}
      flush
    >
      {isLoading ? (
        <div className="space-y-3 p-5" aria-busy="true" aria-label="Loading the legal basis">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </div>
      ) : error || !data ? (
        <QueryError
          title="The legal basis could not be loaded"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <>
          <DescriptionList
            items={[
              {
                label: 'Basis',
                value: (
                  <span className="flex flex-wrap items-center gap-2">
                    {LEGAL_BASIS_LABELS[data.consent.legal_basis]}
                    {data.consent.withdrawn_at ? <Badge tone="red">Consent withdrawn</Badge> : null}
                  </span>
                ),
              },
              { label: 'Source', value: LEGAL_BASIS_SOURCE_LABELS[data.consent.source] },
              { label: 'Since', value: data.consent.given_at ? <DateText value={data.consent.given_at} /> : '' },
              {
                label: 'Expires',
                value: data.consent.expires_at ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <DateText value={data.consent.expires_at} />
                    {expiryTone(data.consent.expires_at, new Date()) === 'soon' ? (
                      <Badge tone="amber">Expiring soon</Badge>
                    ) : expiryTone(data.consent.expires_at, new Date()) === 'expired' ? (
                      <Badge tone="red">Expired</Badge>
                    ) : null}
                  </span>
                ) : (
                  ''
                ),
              },
              {
                label: 'Retention ends',
                value: data.retention_due_at ? <DateText value={data.retention_due_at} /> : '',
              },
              ...(data.consent.legal_basis === 'consent'
                ? [
                    {
                      label: 'Consent text',
                      value: <span className="font-normal whitespace-pre-line">{data.consent.consent_text}</span>,
                    },
                  ]
                : []),
            ]}
          />
          {canEdit ? (
            <EditConsentDialog
              candidateId={candidateId}
              consent={data.consent}
              open={editing}
              onClose={() => setEditing(false)}
            />
          ) : null}
          {canFileRequests ? (
            <FileRequestDialog candidateId={candidateId} open={filing} onClose={() => setFiling(false)} />
          ) : null}
        </>
      )}
    </SectionCard>
  );
}
