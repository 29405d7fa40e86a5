import { useState, type FormEvent } from 'react';
import { SHARE_DEFAULT_DAYS, SHARE_MAX_DAYS } from '@recruitdesk/contracts/shares';
import { PIPELINE_STAGE_LABELS, type PipelineStageName } from '@recruitdesk/contracts/pipeline-constants';
import { contactDisplayName } from '@recruitdesk/contracts/contacts';
import { useListClientContactsQuery } from '@/api/contacts';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useCreateSharesMutation } from '../api';
import {
  defaultContactIds,
  defaultPipelineIds,
  reachableContacts,
  shareBody,
  toggled,
  type ShareablePipeline,
  type ShareForm,
} from '../share-logic';

export interface ShareShortlistDialogProps {
  roleId: number;
  clientId: number;
  hiringManagerId?: number | null;
  /** The role's open pipelines (the page reads them; features do not read each other's APIs). */
  pipelines: readonly ShareablePipeline[];
  onClose: () => void;
}

const groupClass = 'space-y-2 rounded-lg border border-gray-200 p-3 dark:border-white/10';
const legendClass = 'px-1 text-sm font-medium text-gray-900 dark:text-white';

/** "Share shortlist": contacts of the role's client, candidates (the submitted ones ticked), a pitch each, options. */
export function ShareShortlistDialog({
  roleId,
  clientId,
  hiringManagerId,
  pipelines,
  onClose,
}: ShareShortlistDialogProps) {
  const dispatch = useAppDispatch();
  const { data: contactData, isLoading: contactsLoading } = useListClientContactsQuery(clientId);
  const contacts = reachableContacts(
    (contactData?.contacts ?? []).map((contact) => ({
      id: contact.id,
      name: contactDisplayName(contact),
      email: contact.email,
      left_company: contact.left_company,
    })),
  );
  const [create, { isLoading, error }] = useCreateSharesMutation();
  const [form, setForm] = useState<Omit<ShareForm, 'contactIds'> & { contactIds: number[] | null }>({
    contactIds: null,
    pipelineIds: defaultPipelineIds(pipelines),
    pitches: {},
    message: '',
    showSalary: false,
    removeContactDetails: true,
    expiresInDays: SHARE_DEFAULT_DAYS,
  });
  // The contacts load after the dialog opens: until the user ticks one, the default follows them.
  const contactIds = form.contactIds ?? defaultContactIds(contacts, hiringManagerId);
  const set = (patch: Partial<typeof form>) => setForm((current) => ({ ...current, ...patch }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = await create({ roleId, body: shareBody({ ...form, contactIds }, pipelines) });
    if (result.error) return;
    const count = result.data.links.length;
    dispatch(notifySuccess(`Shortlist sent to ${count === 1 ? 'one contact' : `${count} contacts`}.`));
    onClose();
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      size="lg"
      title="Share shortlist"
      description="Each contact gets their own link by email: no account needed. They can invite to interview, decline with a reason, or comment."
      submitLabel="Share"
      onSubmit={(event) => void submit(event)}
      loading={isLoading}
      submitDisabled={contactIds.length === 0 || form.pipelineIds.length === 0}
      error={error}
    >
      <fieldset className={groupClass}>
        <legend className={legendClass}>Send to</legend>
        {contactsLoading ? (
          <p className="text-sm text-gray-500 dark:text-gray-400">Loading contacts…</p>
        ) : contacts.length === 0 ? (
          <p className="text-sm text-gray-500 dark:text-gray-400">
            This client has no contacts with an email address. Add one on the client’s page first.
          </p>
        ) : (
          contacts.map((contact) => (
            <Checkbox
              key={contact.id}
              label={`${contact.name} (${contact.email})`}
              checked={contactIds.includes(contact.id)}
              onChange={(event) => set({ contactIds: toggled(contactIds, contact.id, event.target.checked) })}
            />
          ))
        )}
      </fieldset>
      <fieldset className={groupClass}>
        <legend className={legendClass}>Candidates</legend>
        {pipelines.length === 0 ? (
          <p className="text-sm text-gray-500 dark:text-gray-400">No open candidates in this role’s pipeline.</p>
        ) : (
          pipelines.map((item) => {
            const chosen = form.pipelineIds.includes(item.pipeline_id);
            return (
              <div key={item.pipeline_id} className="space-y-2">
                <Checkbox
                  label={`${item.name} · ${PIPELINE_STAGE_LABELS[item.stage as PipelineStageName] ?? item.stage}`}
                  checked={chosen}
                  onChange={(event) =>
                    set({ pipelineIds: toggled(form.pipelineIds, item.pipeline_id, event.target.checked) })
                  }
                />
                {chosen ? (
                  <Field label={`Pitch for ${item.name}`} className="pl-6">
                    <Textarea
                      rows={2}
                      maxLength={3000}
                      value={form.pitches[item.pipeline_id] ?? ''}
                      onChange={(event) =>
                        set({ pitches: { ...form.pitches, [item.pipeline_id]: event.target.value } })
                      }
                    />
                  </Field>
                ) : null}
              </div>
            );
          })
        )}
      </fieldset>
      <Field label="Message in the email (optional)">
        <Textarea
          rows={2}
          maxLength={2000}
          value={form.message}
          onChange={(event) => set({ message: event.target.value })}
        />
      </Field>
      <div className="space-y-2">
        <Checkbox
          label="Remove contact details (email, phone, links) from the profiles and resumes"
          checked={form.removeContactDetails}
          onChange={(event) => set({ removeContactDetails: event.target.checked })}
        />
        <Checkbox
          label="Show salary expectations"
          checked={form.showSalary}
          onChange={(event) => set({ showSalary: event.target.checked })}
        />
      </div>
      <Field label="Link works for (days)" className="max-w-40">
        <Input
          type="number"
          min={1}
          max={SHARE_MAX_DAYS}
          value={form.expiresInDays}
          onChange={(event) => set({ expiresInDays: Number(event.target.value) || SHARE_DEFAULT_DAYS })}
        />
      </Field>
    </FormDialog>
  );
}

export default ShareShortlistDialog;
