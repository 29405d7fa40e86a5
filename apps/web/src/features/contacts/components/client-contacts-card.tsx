import { useState } from 'react';
import { Link } from 'react-router';
import { Pencil, Plus, Trash2, UserRound, UserX } from 'lucide-react';
import { contactDisplayName, type Contact } from '@recruitdesk/contracts/contacts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useDeleteContactMutation, useListClientContactsQuery, useUpdateContactMutation } from '../api';
import { ContactFormDialog } from './contact-form-dialog';

const bodyOf = (contact: Contact) => ({
  first_name: contact.first_name,
  last_name: contact.last_name,
  job_title: contact.job_title,
  email: contact.email,
  phone: contact.phone,
  notes: contact.notes,
  left_company: contact.left_company,
  legal_basis: contact.legal_basis,
});

/** Asks before deleting a contact; the roles they managed keep no hiring manager. */
export function DeleteContactDialog({
  contact,
  open,
  onClose,
  onDeleted,
}: {
  contact: Contact;
  open: boolean;
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const dispatch = useAppDispatch();
  const [remove, { isLoading, error, reset }] = useDeleteContactMutation();
  const name = contactDisplayName(contact);
  return (
    <ConfirmDialog
      open={open}
      onClose={() => {
        reset();
        onClose();
      }}
      tone="danger"
      title={`Delete ${name}?`}
      description={`${name} leaves ${contact.client.name}'s contacts, and roles they manage lose their hiring manager. Their history stays on the client. To keep them, mark them as having left the company instead.`}
      confirmLabel="Delete contact"
      loading={isLoading}
      error={error}
      onConfirm={async () => {
        const result = await remove({ id: contact.id, clientId: contact.client.id });
        if (result.error) return;
        dispatch(notifySuccess(`${name} was deleted.`));
        onClose();
        onDeleted?.();
      }}
    />
  );
}

function ContactRow({ contact, canEdit }: { contact: Contact; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  const [update, { isLoading }] = useUpdateContactMutation();
  const name = contactDisplayName(contact);
  const toggleLeft = async () => {
    const left = !contact.left_company;
    const result = await update({
      id: contact.id,
      clientId: contact.client.id,
      body: { ...bodyOf(contact), left_company: left },
    });
    if (result.error) dispatch(notifyError(errorMessage(result.error)));
    else
      dispatch(
        notifySuccess(left ? `${name} is marked as having left.` : `${name} is back at ${contact.client.name}.`),
      );
  };
  return (
    <li className="flex items-start justify-between gap-2 px-5 py-3">
      <div className="min-w-0 flex-1">
        <Link
          to={paths.app.contact.getHref(contact.id)}
          className="block truncate text-sm font-medium text-gray-900 hover:text-brand-600 dark:text-white dark:hover:text-brand-400"
        >
          {name}
        </Link>
        {contact.job_title ? <p className="text-xs text-gray-500 dark:text-gray-400">{contact.job_title}</p> : null}
        {contact.email || contact.phone ? (
          <p className="text-xs text-gray-500 dark:text-gray-400">
            {contact.email ? (
              <a
                href={`mailto:${contact.email}`}
                className="break-all text-brand-600 hover:underline dark:text-brand-400"
              >
                {contact.email}
              </a>
            ) : null}
            {contact.email && contact.phone ? ' · ' : null}
            {contact.phone ? <span className="whitespace-nowrap">{contact.phone}</span> : null}
          </p>
        ) : null}
        {contact.left_company ? (
          <Badge tone="gray" className="mt-1">
            Left the company
          </Badge>
        ) : null}
      </div>
      {canEdit ? (
        <span className="flex shrink-0 gap-1">
          <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={() => setDialog('edit')}>
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            aria-label={
              contact.left_company ? `Mark ${name} as still at the company` : `Mark ${name} as left the company`
            }
            loading={isLoading}
            onClick={() => void toggleLeft()}
          >
            <UserX aria-hidden="true" className="size-4" />
          </Button>
          <Button variant="ghost" size="icon" aria-label={`Delete ${name}`} onClick={() => setDialog('delete')}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </span>
      ) : null}
      {canEdit ? (
        <>
          <ContactFormDialog
            clientId={contact.client.id}
            contact={contact}
            open={dialog === 'edit'}
            onClose={() => setDialog(null)}
          />
          <DeleteContactDialog contact={contact} open={dialog === 'delete'} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </li>
  );
}

/** The client's contacts: each linked to their page; add, edit, mark as left, delete for whoever may edit. */
export function ClientContactsCard({ client, canEdit }: { client: { id: number; name: string }; canEdit: boolean }) {
  const { data, error, isLoading, isFetching, refetch } = useListClientContactsQuery(client.id);
  const [adding, setAdding] = useState(false);
  return (
    <SectionCard
      id="client-contacts"
      title="Contacts"
      action={
        canEdit ? (
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)}>
            <Plus aria-hidden="true" className="size-4" />
            Add contact
          </Button>
        ) : null
      }
      flush
    >
      {isLoading ? (
        <div className="space-y-3 p-5" aria-busy="true">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : error ? (
        <QueryError
          title="Could not load the contacts"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : !data?.contacts.length ? (
        <EmptyState
          icon={UserRound}
          title="No contacts yet"
          description="Hiring managers and the other people you work with at this client."
        />
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label={`Contacts at ${client.name}`}>
          {data.contacts.map((contact) => (
            <ContactRow key={contact.id} contact={contact} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {canEdit ? <ContactFormDialog clientId={client.id} open={adding} onClose={() => setAdding(false)} /> : null}
    </SectionCard>
  );
}
