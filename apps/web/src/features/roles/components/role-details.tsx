import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Archive, ArchiveRestore, Pencil, RotateCcw, Trash2, XCircle } from 'lucide-react';
import { Link } from 'react-router';
import {
  CloseRoleInputSchema,
  EMPLOYMENT_TYPES,
  REMOTE_TYPES,
  ROLE_CLOSE_REASON_LABELS,
  ROLE_CLOSE_REASONS,
  ROLE_PRIORITIES,
  type CloseRoleInput,
  type Role,
  type RoleFieldUpdateInput,
  type RolePayout,
} from '@recruitdesk/contracts/roles';
import { ArchiveOrDeleteDialog, ArchiveRecordDialog } from '@/components/ui/archive-or-delete-dialog';
import { Button, buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { CloseReasonFields } from '@/components/ui/close-reason-fields';
import { FormDialog } from '@/components/ui/dialog';
import { InlineField } from '@/components/ui/inline-field';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { FixedField, RoleContactsFields } from './role-contacts-fields';
import { errorMessage, type ApiQueryError } from '@/lib/base-api';
import { DateText } from '@/components/ui/time';
import { formatDate, formatMoney, humanize } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import {
  useArchiveRoleMutation,
  useCloseRoleMutation,
  useDeleteRoleMutation,
  useGetRoleDeletionCheckQuery,
  useGetRoleFormDataQuery,
  useGetRolePayoutQuery,
  useReopenRoleMutation,
  useRestoreRoleMutation,
  useUpdateRoleFieldMutation,
} from '../api';

type InlineName = RoleFieldUpdateInput['field'];

const toNumberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));
const options = (values: readonly string[]) => values.map((value) => ({ value, label: humanize(value) }));

/** A select among the values, each shown humanized. */
const choices = (values: readonly string[]) => ({ kind: 'select' as const, options: options(values) });

/** The role's fields, each edited in place (PATCH /api/roles/{id}/field/). */
export function RoleDetailsCard({ role, canEdit }: { role: Role; canEdit: boolean }) {
  const [patch] = useUpdateRoleFieldMutation();
  const { data: formData } = useGetRoleFormDataQuery(undefined, { skip: !canEdit });
  const editable = canEdit && role.state !== 'closed';

  const save = (field: InlineName, convert: (text: string) => unknown) => async (text: string) => {
    const result = await patch({ id: role.id, field, value: convert(text) });
    if (!result.error) return null;
    const error = result.error as ApiQueryError;
    return error.fields?.value?.[0] ?? error.fields?.[field]?.[0] ?? errorMessage(error);
  };
  /** A field saved through `save`, editable while the role is open. */
  const editing = (field: InlineName, convert: (text: string) => unknown = (text) => text) => ({
    editable,
    onSave: save(field, convert),
  });
  const money = (value: number | null) => (value == null ? '' : formatMoney(value, role.salary_currency));
  const recruiters = [
    { value: '', label: 'Unassigned' },
    ...(formData?.recruiters ?? []).map((r) => ({ value: String(r.id), label: r.name })),
  ];

  return (
    <SectionCard
      id="role-details"
      title="Details"
      description={editable ? 'Select a pencil to change a field.' : undefined}
      flush
    >
      <dl className="divide-y divide-gray-100 dark:divide-white/5">
        <InlineField label="Job title" display={role.name} value={role.name} {...editing('name')} />
        <InlineField
          label="Openings"
          kind="number"
          inputMode="numeric"
          display={String(role.openings)}
          value={String(role.openings)}
          {...editing('openings', (t) => Number(t))}
        />
        <InlineField label="Location" display={role.location} value={role.location} {...editing('location')} />
        <InlineField
          label="Remote type"
          {...choices(REMOTE_TYPES)}
          display={humanize(role.remote_type)}
          value={role.remote_type}
          {...editing('remote_type')}
        />
        <InlineField
          label="Employment type"
          {...choices(EMPLOYMENT_TYPES)}
          display={humanize(role.employment_type)}
          value={role.employment_type}
          {...editing('employment_type')}
        />
        <InlineField
          label="Salary minimum"
          kind="number"
          inputMode="decimal"
          display={money(role.salary_min)}
          value={role.salary_min == null ? '' : String(role.salary_min)}
          {...editing('salary_min', toNumberOrNull)}
        />
        <InlineField
          label="Salary maximum"
          kind="number"
          inputMode="decimal"
          display={money(role.salary_max)}
          value={role.salary_max == null ? '' : String(role.salary_max)}
          {...editing('salary_max', toNumberOrNull)}
        />
        {/* Absent for whoever may not see fees (decision 071): no row rather than an empty one. */}
        {role.fee_percent_override !== undefined ? (
          <InlineField
            label="Fee override (%)"
            kind="number"
            inputMode="decimal"
            display={role.fee_percent_override == null ? '' : `${role.fee_percent_override} %`}
            value={role.fee_percent_override == null ? '' : String(role.fee_percent_override)}
            {...editing('fee_percent_override', toNumberOrNull)}
          />
        ) : null}
        <InlineField
          label="Priority"
          {...choices(ROLE_PRIORITIES)}
          display={humanize(role.priority)}
          value={role.priority}
          {...editing('priority')}
        />
        <InlineField
          label="Recruiter"
          kind="select"
          options={recruiters}
          display={role.recruiter?.name ?? ''}
          value={role.recruiter?.id == null ? '' : String(role.recruiter.id)}
          editable={editable && Boolean(formData)}
          onSave={save('recruiter_id', toNumberOrNull)}
        />
        <RoleContactsFields role={role} />
        <InlineField
          label="Post on Indeed"
          kind="select"
          options={[
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
          display={role.indeed_posting ? 'Yes' : 'No'}
          value={String(role.indeed_posting)}
          {...editing('indeed_posting', (t) => t === 'true')}
        />
        <FixedField term="Opened">{formatDate(role.opened_at)}</FixedField>
        <FixedField term="Target fill date">
          {role.target_fill_date ? (
            formatDate(role.target_fill_date)
          ) : (
            <span className="font-normal text-gray-400 dark:text-gray-500">—</span>
          )}
        </FixedField>
        {role.state === 'closed' ? (
          <FixedField term="Closed">
            {role.closed_at ? <DateText value={role.closed_at} /> : '—'}
            {role.close_reason ? ` · ${ROLE_CLOSE_REASON_LABELS[role.close_reason]}` : ''}
            {role.close_note ? (
              <span className="block font-normal text-gray-500 dark:text-gray-400">{role.close_note}</span>
            ) : null}
          </FixedField>
        ) : null}
      </dl>
    </SectionCard>
  );
}

const CLOSE_REASON_OPTIONS = ROLE_CLOSE_REASONS.map((value) => ({ value, label: ROLE_CLOSE_REASON_LABELS[value] }));

/** 'Close this role?' with a reason and a note. */
export function CloseRoleDialog({ role, open, onClose }: { role: Role; open: boolean; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [close, { isLoading, error, reset: resetMutation }] = useCloseRoleMutation();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<CloseRoleInput, unknown, { reason: (typeof ROLE_CLOSE_REASONS)[number]; note: string }>({
    resolver: zodResolver(CloseRoleInputSchema),
    defaultValues: { reason: '' as unknown as CloseRoleInput['reason'], note: '' },
  });
  const dismiss = () => {
    reset();
    resetMutation();
    onClose();
  };
  const formId = `close-role-${role.id}`;
  return (
    <FormDialog
      open={open}
      onClose={dismiss}
      title="Close this role?"
      description={`${role.name} moves to Closed Roles. You can reopen it later.`}
      formId={formId}
      submitLabel="Close role"
      loading={isLoading}
      error={error}
      onSubmit={handleSubmit(async (body) => {
        const result = await close({ id: role.id, body });
        if (result.error) return;
        dispatch(notifySuccess(`${role.name} was closed.`));
        dismiss();
      })}
    >
      <CloseReasonFields reasons={CLOSE_REASON_OPTIONS} register={register} errors={errors} />
    </FormDialog>
  );
}

/**
 * Edit role, Close role or Reopen role; Archive (a closed role) or Restore; Delete, whose confirmation
 * first asks the server what a delete would meet and offers archiving instead (decision 021).
 */
export function RoleActions({ role, onDeleted }: { role: Role; onDeleted: () => void }) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<'close' | 'archive' | 'delete' | null>(null);
  const [reopen, { isLoading }] = useReopenRoleMutation();
  const [restore, { isLoading: restoring }] = useRestoreRoleMutation();
  const [archive] = useArchiveRoleMutation();
  const [remove] = useDeleteRoleMutation();
  const check = useGetRoleDeletionCheckQuery(role.id, { skip: dialog !== 'delete', refetchOnMountOrArgChange: true });
  return (
    <>
      <Link to={paths.app.roleEdit.getHref(role.id)} className={buttonClasses('secondary')}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit role
      </Link>
      {role.archived_at ? (
        <Button
          variant="secondary"
          loading={restoring}
          onClick={async () => {
            const result = await restore(role.id);
            if (result.error) dispatch(notifyError(errorMessage(result.error)));
            else dispatch(notifySuccess(`${role.name} was restored.`));
          }}
        >
          {restoring ? null : <ArchiveRestore aria-hidden="true" className="size-4" />}
          Restore role
        </Button>
      ) : role.state === 'closed' ? (
        <>
          <Button
            loading={isLoading}
            onClick={async () => {
              const result = await reopen(role.id);
              if (result.error) dispatch(notifyError(errorMessage(result.error)));
              else dispatch(notifySuccess(`${role.name} was reopened.`));
            }}
          >
            {isLoading ? null : <RotateCcw aria-hidden="true" className="size-4" />}
            Reopen role
          </Button>
          <Button variant="ghost" onClick={() => setDialog('archive')}>
            <Archive aria-hidden="true" className="size-4" />
            Archive role
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => setDialog('close')}>
          <XCircle aria-hidden="true" className="size-4" />
          Close role
        </Button>
      )}
      <Button variant="ghost" onClick={() => setDialog('delete')}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete role
      </Button>
      <CloseRoleDialog role={role} open={dialog === 'close'} onClose={() => setDialog(null)} />
      <ArchiveRecordDialog
        name={role.name}
        noun="role"
        description="It leaves Closed Roles, keeps its pipeline, notes and history, and can be restored: find it with the Archived filter."
        open={dialog === 'archive'}
        onClose={() => setDialog(null)}
        archive={() => archive(role.id)}
      />
      <ArchiveOrDeleteDialog
        name={role.name}
        noun="role"
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        check={check.isFetching ? undefined : check.data?.check}
        checkError={check.isFetching ? undefined : check.error}
        onRetryCheck={() => void check.refetch()}
        remove={() => remove(role.id)}
        archive={() => archive(role.id)}
        onDeleted={onDeleted}
      />
    </>
  );
}

/** What the role's placements really earn, beside the estimate (and how far apart they are). */
function PlacedFees({ payout, placed }: { payout: RolePayout; placed: NonNullable<RolePayout['placed']> }) {
  const same = placed.fees.length === 1 && placed.fees[0]!.currency === payout.currency ? placed.fees[0]!.total : null;
  const difference = same !== null && payout.total !== null ? same - payout.total : null;
  return (
    <div className="rounded-lg bg-emerald-50 p-3 ring-1 ring-emerald-600/15 ring-inset dark:bg-emerald-500/10 dark:ring-emerald-400/20">
      <p className="text-xs text-emerald-800 dark:text-emerald-300">
        Placed fee ({placed.placements} {placed.placements === 1 ? 'placement' : 'placements'})
      </p>
      <p className="text-xl font-semibold text-emerald-900 tabular-nums dark:text-emerald-200">
        {placed.fees.map((fee) => formatMoney(fee.total, fee.currency)).join(' + ')}
      </p>
      {difference !== null && payout.total !== null ? (
        <p className="mt-0.5 text-xs text-emerald-800 dark:text-emerald-300">
          {difference === 0
            ? 'Exactly the estimate.'
            : `${formatMoney(Math.abs(difference), payout.currency)} ${difference < 0 ? 'below' : 'above'} the estimate of ${formatMoney(payout.total, payout.currency)}.`}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The calculated payout: per opening, total and how it was worked out; once placed, the real fee too.
 * Nothing at all for whoever may not see fees (the server sends no payout then, decision 071).
 */
export function PayoutCard({ roleId }: { roleId: number }) {
  const { data, error, isLoading, isFetching, refetch } = useGetRolePayoutQuery(roleId);
  const payout = data?.payout;
  if (data && !data.money_visible) return null;
  return (
    <SectionCard id="role-payout" title="Payout" flush>
      {isLoading ? (
        <div className="space-y-3 p-5" aria-busy="true">
          <Skeleton className="h-7 w-1/2" />
          <Skeleton className="h-4 w-3/4" />
        </div>
      ) : error || !payout ? (
        <QueryError
          title="Could not work out the payout"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : (
        <div className="space-y-4 px-5 py-5">
          {payout.placed ? <PlacedFees payout={payout} placed={payout.placed} /> : null}
          <div className="grid grid-cols-2 gap-4">
            <div>
              <p className="text-xs text-gray-500 dark:text-gray-400">
                {payout.placed ? 'Estimated per opening' : 'Per opening'}
              </p>
              <p className="text-xl font-semibold text-gray-900 tabular-nums dark:text-white">
                {formatMoney(payout.per_opening, payout.currency)}
              </p>
            </div>
            <div>
              <p className="text-xs text-gray-500 dark:text-gray-400">
                {payout.placed ? 'Estimated total' : 'Total'} ({payout.openings}{' '}
                {payout.openings === 1 ? 'opening' : 'openings'})
              </p>
              <p className="text-xl font-semibold text-gray-900 tabular-nums dark:text-white">
                {formatMoney(payout.total, payout.currency)}
              </p>
            </div>
          </div>
          <p className="text-sm text-gray-600 dark:text-gray-400">{payout.explanation}</p>
        </div>
      )}
    </SectionCard>
  );
}
