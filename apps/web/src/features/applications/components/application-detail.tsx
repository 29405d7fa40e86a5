import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CheckCircle2, Download, UserPlus, XCircle } from 'lucide-react';
import {
  APPLICATION_SOURCE_LABELS,
  REJECT_REASONS,
  REJECT_REASON_LABELS,
  type ApplicationDetail,
  type ApplicationSource,
} from '@recruitdesk/contracts/applications';
import { DUPLICATE_REASON_LABELS } from '@recruitdesk/contracts/candidates';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { DescriptionList } from '@/components/ui/description-list';
import { ConfirmDialog } from '@/components/ui/dialog';
import { DuplicateWarning } from '@/components/ui/duplicate-warning';
import { Field } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { DateText } from '@/components/ui/time';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { followLink } from '@/lib/download';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useConvertApplicationMutation, useLazyGetResumeLinkQuery, useRejectApplicationMutation } from '../api';
import { ApplicationStatusBadge } from './application-status-badge';

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

function RejectDialog({
  application,
  open,
  onClose,
}: {
  application: ApplicationDetail;
  open: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const [reason, setReason] = useState<string>(REJECT_REASONS[0]);
  const [detail, setDetail] = useState('');
  const [sendEmail, setSendEmail] = useState(false);
  const [reject, { isLoading, error, reset }] = useRejectApplicationMutation();
  const text =
    reason === 'other'
      ? detail.trim()
      : [REJECT_REASON_LABELS[reason as keyof typeof REJECT_REASON_LABELS], detail.trim()].filter(Boolean).join(': ');
  const close = () => {
    reset();
    onClose();
  };
  const confirm = async () => {
    const result = await reject({ id: application.id, body: { reason: text, send_email: sendEmail } });
    if (!result.error) {
      dispatch(notifySuccess(sendEmail ? 'Application rejected; the applicant was emailed.' : 'Application rejected.'));
      close();
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      onConfirm={() => void confirm()}
      title="Reject this application?"
      description={`${application.name} will be marked rejected. This cannot be undone.`}
      confirmLabel="Reject application"
      tone="danger"
      loading={isLoading}
      confirmDisabled={!text}
      error={error}
    >
      <div className="space-y-4">
        <Field label="Reason">
          <Select value={reason} onChange={(event) => setReason(event.target.value)}>
            {REJECT_REASONS.map((value) => (
              <option key={value} value={value}>
                {REJECT_REASON_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={reason === 'other' ? 'Details' : 'Details (optional)'}>
          <Textarea rows={2} maxLength={400} value={detail} onChange={(event) => setDetail(event.target.value)} />
        </Field>
        <Checkbox
          label="Email the applicant that we will not proceed"
          checked={sendEmail}
          onChange={(event) => setSendEmail(event.target.checked)}
        />
      </div>
    </ConfirmDialog>
  );
}

function ConvertDialog({
  application,
  open,
  onClose,
}: {
  application: ApplicationDetail;
  open: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const candidates = [...new Map(application.duplicates.map((d) => [d.id, d])).values()];
  const [target, setTarget] = useState<string>('new');
  const [convert, { isLoading, error, reset }] = useConvertApplicationMutation();
  const close = () => {
    reset();
    onClose();
  };
  const confirm = async () => {
    const body = target === 'new' ? {} : { merge_into_candidate_id: Number(target) };
    const result = await convert({ id: application.id, body });
    if (result.data) {
      dispatch(
        notifySuccess(
          target === 'new' ? 'Candidate created and added to the role.' : 'Added to the existing candidate.',
        ),
      );
      close();
      void navigate(paths.app.pipeline.getHref(application.role.id, result.data.pipeline_id));
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      onConfirm={() => void confirm()}
      title="Convert to a candidate"
      description={`Creates a pipeline for ${application.name} in ${application.role.name}, at Sourced, with the resume.`}
      confirmLabel="Convert"
      loading={isLoading}
      error={error}
    >
      {candidates.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-900 dark:text-white">Who is this?</legend>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="convert-target"
              value="new"
              checked={target === 'new'}
              onChange={() => setTarget('new')}
              className="mt-0.5 accent-brand-600"
            />
            <span>A new candidate</span>
          </label>
          {candidates.map((candidate) => (
            <label key={candidate.id} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="convert-target"
                value={candidate.id}
                checked={target === String(candidate.id)}
                onChange={() => setTarget(String(candidate.id))}
                className="mt-0.5 accent-brand-600"
              />
              <span>
                Merge into {candidate.name}
                <span className="block text-xs text-gray-500 dark:text-gray-400">
                  {candidate.email ? `${candidate.email} · ` : ''}
                  {DUPLICATE_REASON_LABELS[candidate.reason]}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
    </ConfirmDialog>
  );
}

/** The application screen: the applicant and resume, duplicate warnings, and the decision. */
export function ApplicationDetailView({
  application,
  canDecide,
  notes,
}: {
  application: ApplicationDetail;
  canDecide: boolean;
  notes: React.ReactNode;
}) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<'reject' | 'convert' | null>(null);
  const [fetchLink, { isFetching: downloading }] = useLazyGetResumeLinkQuery();
  const download = async () => {
    try {
      const { url } = await fetchLink(application.id).unwrap();
      followLink(url, { newTab: true });
    } catch (error) {
      dispatch(notifyError(errorMessage(error)));
    }
  };
  const isNew = application.status === 'new';
  return (
    <div className="space-y-6">
      <PageHeader
        title={application.name}
        meta={<ApplicationStatusBadge status={application.status} />}
        description={
          <>
            Applied for{' '}
            <Link
              to={paths.app.role.getHref(application.role.id)}
              className="font-medium text-brand-600 hover:underline dark:text-brand-400"
            >
              {application.role.name}
            </Link>{' '}
            at {application.client.name} · <DateText value={application.created_at} withTime />
          </>
        }
        actions={
          canDecide && isNew ? (
            <div className="flex flex-wrap gap-2">
              <Button variant="secondary" onClick={() => setDialog('reject')}>
                <XCircle aria-hidden="true" className="size-4" />
                Reject
              </Button>
              <Button onClick={() => setDialog('convert')}>
                <UserPlus aria-hidden="true" className="size-4" />
                Convert to candidate
              </Button>
            </div>
          ) : null
        }
      />
      {isNew && application.duplicates.length ? <DuplicateWarning duplicates={application.duplicates} /> : null}
      {application.status === 'converted' && application.candidate_id ? (
        <Alert tone="success">
          <span className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            Converted {application.decided_at ? <DateText value={application.decided_at} /> : null}
            {application.decided_by ? ` by ${application.decided_by.name}` : ''}.
            <Link to={paths.app.candidate.getHref(application.candidate_id)} className="font-medium underline">
              Open the candidate
            </Link>
            {application.pipeline_id ? (
              <Link
                to={paths.app.pipeline.getHref(application.role.id, application.pipeline_id)}
                className="font-medium underline"
              >
                Open the pipeline
              </Link>
            ) : null}
          </span>
        </Alert>
      ) : null}
      {application.status === 'rejected' ? (
        <p
          role="status"
          className="rounded-lg bg-gray-50 p-3 text-sm text-gray-700 ring-1 ring-gray-200 ring-inset dark:bg-white/5 dark:text-gray-300 dark:ring-white/10"
        >
          Rejected{application.decided_by ? ` by ${application.decided_by.name}` : ''}: {application.reject_reason}
          {application.reject_email_sent ? ' · The applicant was emailed.' : ''}
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <Card role="region" aria-labelledby="applicant-title">
            <CardHeader titleId="applicant-title" title="Applicant" />
            <DescriptionList
              items={[
                { label: 'Name', value: application.name },
                {
                  label: 'Email',
                  value: (
                    <a
                      href={`mailto:${application.email}`}
                      className="text-brand-600 hover:underline dark:text-brand-400"
                    >
                      {application.email}
                    </a>
                  ),
                },
                { label: 'Phone', value: application.phone },
                {
                  label: 'Source',
                  value: APPLICATION_SOURCE_LABELS[application.source as ApplicationSource] ?? application.source,
                },
                { label: 'Consent given', value: <DateText value={application.consent_at} withTime /> },
              ]}
            />
          </Card>
          <Card role="region" aria-labelledby="application-resume-title">
            <CardHeader titleId="application-resume-title" title="Resume" />
            <div className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 text-sm">
              {application.resume ? (
                <>
                  <span className="min-w-0 truncate text-gray-900 dark:text-gray-100">
                    {application.resume.filename}{' '}
                    <span className="text-gray-500 dark:text-gray-400">· {formatSize(application.resume.size)}</span>
                  </span>
                  <Button variant="secondary" size="sm" onClick={() => void download()} loading={downloading}>
                    {downloading ? null : <Download aria-hidden="true" className="size-4" />}
                    Download resume
                  </Button>
                </>
              ) : (
                <span className="text-gray-500 dark:text-gray-400">No resume was attached.</span>
              )}
            </div>
          </Card>
        </div>
        <div className="space-y-6">{notes}</div>
      </div>
      {canDecide && isNew ? (
        <>
          <RejectDialog application={application} open={dialog === 'reject'} onClose={() => setDialog(null)} />
          <ConvertDialog application={application} open={dialog === 'convert'} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </div>
  );
}
