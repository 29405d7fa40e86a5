import { useEffect, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  EMPLOYMENT_TYPES,
  REMOTE_TYPES,
  ROLE_PRIORITIES,
  RoleInputSchema,
  type Role,
  type RoleFormDataResponse,
  type RoleInput,
  type RoleInputParsed,
} from '@recruitdesk/contracts/roles';
import { NAMES_CLIENT_WARNING } from '@recruitdesk/contracts/role-public-text';
import { Alert } from '@/components/ui/alert';
import { FormActions } from '@/components/ui/form-actions';
import { Checkbox } from '@/components/ui/checkbox';
import { ConfirmDialog } from '@/components/ui/dialog';
import { DraftRestored } from '@/components/ui/draft-restored';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NumberField } from '@/components/ui/number-field';
import { CurrencySelect } from '@/components/ui/currency-select';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { useListClientContactsQuery } from '@/api/contacts';
import { errorMessage } from '@/lib/base-api';
import { useFormDraft } from '@/lib/form-draft';
import { applyFieldErrors } from '@/lib/form-errors';
import { humanize } from '@/lib/format';
import { useDateFormat } from '@/lib/time-zone';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useCreateRoleMutation,
  useLazyPreviewPublicTextQuery,
  usePreviewPublicTextQuery,
  useUpdateRoleMutation,
} from '../api';
import { PublicTextPreview } from './public-text-preview';

const PREVIEW_DEBOUNCE_MS = 400;

type PreviewArgs = { client_id: number; name: string; description_text: string; show_client_publicly: boolean };

/** The preview's arguments from the form's values, or null when there is nothing to preview yet. */
function previewArgs(values: Partial<RoleInput>): PreviewArgs | null {
  const clientId = Number(values.client_id);
  if (!values.indeed_posting || !Number.isInteger(clientId) || clientId <= 0) return null;
  return {
    client_id: clientId,
    name: values.name ?? '',
    description_text: values.description_text ?? '',
    show_client_publicly: Boolean(values.show_client_publicly),
  };
}

const FIELD_NAMES = [
  'client_id',
  'name',
  'state',
  'openings',
  'location',
  'country',
  'postal_code',
  'remote_type',
  'employment_type',
  'salary_min',
  'salary_max',
  'salary_currency',
  'fee_percent_override',
  'priority',
  'recruiter_id',
  'hiring_manager_contact_id',
  'opened_at',
  'target_fill_date',
  'description_text',
] as const;

const emptyAsNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : value);

function valuesFor(
  role: Role | undefined,
  clientId: number | undefined,
  formData: RoleFormDataResponse,
  today: string,
): RoleInput {
  if (!role) {
    return {
      client_id: clientId ?? ('' as unknown as number),
      name: '',
      state: 'open',
      openings: 1,
      location: '',
      country: '',
      postal_code: '',
      remote_type: 'onsite',
      employment_type: 'full_time',
      salary_min: null,
      salary_max: null,
      salary_currency: formData.default_currency,
      fee_percent_override: null,
      priority: 'medium',
      recruiter_id: formData.default_recruiter_id,
      hiring_manager_contact_id: null,
      opened_at: today,
      target_fill_date: null,
      description_text: '',
      indeed_posting: false,
      show_client_publicly: false,
    };
  }
  return {
    client_id: role.client.id,
    name: role.name,
    state: role.state === 'on_hold' ? 'on_hold' : 'open',
    openings: role.openings,
    location: role.location,
    country: role.country,
    postal_code: role.postal_code,
    remote_type: role.remote_type,
    employment_type: role.employment_type,
    salary_min: role.salary_min,
    salary_max: role.salary_max,
    salary_currency: role.salary_currency,
    fee_percent_override: role.fee_percent_override ?? null,
    priority: role.priority,
    recruiter_id: role.recruiter?.id ?? null,
    hiring_manager_contact_id: role.hiring_manager?.id ?? null,
    opened_at: role.opened_at.slice(0, 10),
    target_fill_date: role.target_fill_date,
    description_text: role.description_text,
    indeed_posting: role.indeed_posting,
    show_client_publicly: role.show_client_publicly,
  };
}

/** Create a role (client preselected from `?client=`) or edit all of it. */
export function RoleForm({
  role,
  clientId,
  formData,
  onSaved,
  onCancel,
}: {
  role?: Role;
  clientId?: number;
  formData: RoleFormDataResponse;
  onSaved: (role: Role) => void;
  onCancel: () => void;
}) {
  const [create, createState] = useCreateRoleMutation();
  const [update, updateState] = useUpdateRoleMutation();
  const serverError = role ? updateState.error : createState.error;
  const format = useDateFormat();
  const form = useForm<RoleInput, unknown, RoleInputParsed>({
    resolver: zodResolver(RoleInputSchema),
    defaultValues: valuesFor(role, clientId, formData, format.today()),
  });
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = form;
  // Kept through a reload or an expired session until saved (issue 29 item n).
  const draft = useFormDraft(role ? `role:${role.id}` : 'role:new', form);
  const clients = formData.clients.filter((c) => c.state !== 'Closed' || c.id === role?.client.id);
  // The public text as it will read once posted (issue 29 item 1), and the warning on save.
  const watched = useWatch({ control });
  const args = useDebouncedValue(previewArgs(watched), PREVIEW_DEBOUNCE_MS);
  const preview = usePreviewPublicTextQuery(args ?? (undefined as unknown as PreviewArgs), { skip: !args });
  const [checkPreview] = useLazyPreviewPublicTextQuery();
  // The hiring manager is one of the chosen client's contacts (issue 33).
  const chosenClient = Number(watched.client_id);
  const hasClient = Number.isInteger(chosenClient) && chosenClient > 0;
  const contacts = useListClientContactsQuery(chosenClient, { skip: !hasClient });
  const { setValue } = form;
  // Another client: its contacts differ, so the hiring manager is chosen again.
  const shownClient = useRef(watched.client_id);
  useEffect(() => {
    if (String(shownClient.current ?? '') === String(watched.client_id ?? '')) return;
    shownClient.current = watched.client_id;
    setValue('hiring_manager_contact_id', null, { shouldDirty: true });
  }, [watched.client_id, setValue]);
  const [pending, setPending] = useState<RoleInputParsed | null>(null);

  // Whoever may not see fees neither sees nor sends the fee override; the server keeps the stored one (decision 071).
  const moneyVisible = formData.money_visible;
  const save = async (values: RoleInputParsed) => {
    const { fee_percent_override: _override, ...withoutFee } = values;
    const body = moneyVisible ? values : (withoutFee as RoleInputParsed);
    const result = role ? await update({ id: role.id, body }) : await create(body);
    if (result.error) {
      applyFieldErrors(result.error, setError, FIELD_NAMES);
      return;
    }
    draft.clear();
    onSaved(result.data.role);
  };

  const onSubmit = async (values: RoleInputParsed) => {
    const check = previewArgs(values);
    if (check && !check.show_client_publicly) {
      const answer = await checkPreview(check, true);
      if (answer.data?.preview.names_client) {
        setPending(values);
        return;
      }
    }
    await save(values);
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={role ? 'Edit role' : 'New role'}
      className="space-y-6"
    >
      {serverError && !(serverError as { fields?: unknown }).fields ? <Alert>{errorMessage(serverError)}</Alert> : null}
      {draft.restored ? <DraftRestored onDiscard={draft.discard} /> : null}
      <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
        <Field label="Client" error={errors.client_id?.message}>
          <Select {...register('client_id')}>
            <option value="">Choose a client…</option>
            {clients.map((client) => (
              <option key={client.id} value={client.id}>
                {client.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Job title" error={errors.name?.message}>
          <Input {...register('name')} />
        </Field>
        <Field
          label="Hiring manager"
          error={errors.hiring_manager_contact_id?.message}
          hint={
            hasClient && contacts.data && contacts.data.contacts.length === 0
              ? "Add contacts on the client's page."
              : undefined
          }
        >
          <Select
            disabled={!hasClient}
            value={watched.hiring_manager_contact_id == null ? '' : String(watched.hiring_manager_contact_id)}
            onChange={(event) =>
              setValue('hiring_manager_contact_id', event.target.value === '' ? null : Number(event.target.value), {
                shouldDirty: true,
              })
            }
          >
            <option value="">{hasClient ? 'None' : 'Choose a client first'}</option>
            {(hasClient ? (contacts.data?.contacts ?? []) : []).map((contact) => (
              <option key={contact.id} value={contact.id}>
                {contact.name}
                {contact.job_title ? ` · ${contact.job_title}` : ''}
                {contact.left_company ? ' (left)' : ''}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="State" error={errors.state?.message}>
          <Select {...register('state')}>
            <option value="open">Open</option>
            <option value="on_hold">On hold</option>
          </Select>
        </Field>
        <Field label="Priority" error={errors.priority?.message}>
          <Select {...register('priority')}>
            {ROLE_PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {humanize(p)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Openings" error={errors.openings?.message}>
          <Input type="number" inputMode="numeric" min={1} {...register('openings')} />
        </Field>
        <Field label="Recruiter" error={errors.recruiter_id?.message}>
          <Select {...register('recruiter_id', { setValueAs: emptyAsNull })}>
            <option value="">Unassigned</option>
            {formData.recruiters.map((r) => (
              <option key={r.id} value={r.id}>
                {r.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Location" error={errors.location?.message}>
          <Input {...register('location')} />
        </Field>
        <Field
          label="Country"
          error={errors.country?.message}
          hint="Two letters, such as US; empty: the agency's, from Settings."
        >
          <Input autoComplete="off" maxLength={2} {...register('country')} />
        </Field>
        <Field label="Postal code" error={errors.postal_code?.message} hint="Empty: the agency's, from Settings.">
          <Input autoComplete="off" {...register('postal_code')} />
        </Field>
        <Field label="Remote type" error={errors.remote_type?.message}>
          <Select {...register('remote_type')}>
            {REMOTE_TYPES.map((t) => (
              <option key={t} value={t}>
                {humanize(t)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Employment type" error={errors.employment_type?.message}>
          <Select {...register('employment_type')}>
            {EMPLOYMENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {humanize(t)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Opened on" error={errors.opened_at?.message}>
          <Input type="date" {...register('opened_at')} />
        </Field>
        <Field label="Target fill date" error={errors.target_fill_date?.message}>
          <Input type="date" {...register('target_fill_date', { setValueAs: emptyAsNull })} />
        </Field>
        <NumberField
          label="Salary minimum"
          error={errors.salary_min?.message}
          decimal
          min={0}
          registration={register('salary_min', { setValueAs: emptyAsNull })}
        />
        <NumberField
          label="Salary maximum"
          error={errors.salary_max?.message}
          decimal
          min={0}
          registration={register('salary_max', { setValueAs: emptyAsNull })}
        />
        <Field label="Salary currency" error={errors.salary_currency?.message}>
          <CurrencySelect including={formData.default_currency} {...register('salary_currency')} />
        </Field>
        {moneyVisible ? (
          <NumberField
            label="Fee override (%)"
            error={errors.fee_percent_override?.message}
            hint="Leave empty to use the client's fee."
            decimal
            min={0}
            max={100}
            registration={register('fee_percent_override', { setValueAs: emptyAsNull })}
          />
        ) : null}
        <Field label="Job description" error={errors.description_text?.message} className="sm:col-span-2">
          <Textarea rows={6} {...register('description_text')} />
        </Field>
        <Checkbox label="Post on Indeed" className="sm:col-span-2" {...register('indeed_posting')} />
        <Checkbox
          label="Show the client's name on the job board and careers pages"
          className="sm:col-span-2"
          {...register('show_client_publicly')}
        />
        {watched.indeed_posting ? (
          <PublicTextPreview preview={args ? preview.data?.preview : undefined} loading={preview.isFetching} />
        ) : null}
      </div>
      <ConfirmDialog
        open={pending !== null}
        onClose={() => setPending(null)}
        onConfirm={() => {
          const values = pending;
          setPending(null);
          if (values) void save(values);
        }}
        title="The text names the client"
        description={NAMES_CLIENT_WARNING}
        confirmLabel="Save with the client masked"
        cancelLabel="Edit the text"
      />
      <FormActions
        submitLabel={role ? 'Save changes' : 'Create role'}
        saving={createState.isLoading || updateState.isLoading}
        onCancel={onCancel}
      />
    </form>
  );
}
