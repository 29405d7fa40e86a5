import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Pencil, Trash2, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { DateText } from '@/components/ui/time';
import { LEGAL_BASIS_LABELS } from '@recruitdesk/contracts/data-protection-constants';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RecordError } from '@/components/ui/record-error';
import { paths } from '@/config/paths';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { useGetContactQuery } from '@/features/contacts/api';
import { DeleteContactDialog } from '@/features/contacts/components/client-contacts-card';
import { ContactFormDialog } from '@/features/contacts/components/contact-form-dialog';
import { EmailsCard } from '@/features/messages/components/emails-card';
import { recordChip } from '@/features/messages/compose-logic';
import { BackLink, idParam, useCanEdit } from './route-helpers';

function ContactDetail({ id }: { id: number }) {
  const navigate = useNavigate();
  const editable = useCanEdit();
  const { data, error, isLoading, isFetching, refetch } = useGetContactQuery(id);
  const [dialog, setDialog] = useState<'edit' | 'delete' | null>(null);
  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data) {
    return (
      <div className="space-y-4">
        <BackLink to={paths.app.contacts.getHref()}>All contacts</BackLink>
        <RecordError
          icon={UserRound}
          what="contact"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }
  const { contact } = data;
  const link = 'text-brand-600 hover:underline dark:text-brand-400';
  return (
    <div className="space-y-6">
      <BackLink to={paths.app.client.getHref(contact.client.id)}>{contact.client.name}</BackLink>
      <PageHeader
        title={contact.name}
        meta={contact.left_company ? <Badge tone="gray">Left the company</Badge> : null}
        description={[contact.job_title, contact.client.name].filter(Boolean).join(' · ')}
        actions={
          editable ? (
            <>
              <Button variant="secondary" onClick={() => setDialog('edit')}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit contact
              </Button>
              <Button variant="ghost" onClick={() => setDialog('delete')}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete contact
              </Button>
            </>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <SectionCard id="contact-details" title="Details" flush>
            <DescriptionList
              items={[
                {
                  label: 'Client',
                  value: (
                    <Link to={paths.app.client.getHref(contact.client.id)} className={link}>
                      {contact.client.name}
                    </Link>
                  ),
                },
                { label: 'Job title', value: contact.job_title },
                {
                  label: 'Email',
                  value: contact.email ? (
                    <a href={`mailto:${contact.email}`} className={`${link} break-all`}>
                      {contact.email}
                    </a>
                  ) : (
                    ''
                  ),
                },
                { label: 'Phone', value: contact.phone },
                {
                  label: 'Legal basis',
                  value: (
                    <>
                      {LEGAL_BASIS_LABELS[contact.legal_basis]}
                      {contact.legal_basis_at ? (
                        <>
                          {' '}
                          since <DateText value={contact.legal_basis_at} />
                        </>
                      ) : null}
                      {contact.legal_basis_expires_at ? (
                        <>
                          , until <DateText value={contact.legal_basis_expires_at} />
                        </>
                      ) : null}
                    </>
                  ),
                },
                { label: 'Notes', value: contact.notes ? <p className="whitespace-pre-line">{contact.notes}</p> : '' },
              ]}
            />
          </SectionCard>
          <EmailsCard
            type="contact"
            id={contact.id}
            canSend={editable}
            compose={{
              to: contact.email ? [recordChip('contact', contact.id, contact.name, contact.email)] : [],
              contactId: contact.id,
            }}
          />
        </div>
        <RecentActivity
          subject={{ modelType: 'contact', objectId: contact.id }}
          limit={8}
          description="Changes to this contact."
          emptyDescription="Changes to this contact will show up here."
        />
      </div>
      {editable ? (
        <>
          <ContactFormDialog
            key={contact.updated_at}
            clientId={contact.client.id}
            contact={contact}
            open={dialog === 'edit'}
            onClose={() => setDialog(null)}
          />
          <DeleteContactDialog
            contact={contact}
            open={dialog === 'delete'}
            onClose={() => setDialog(null)}
            onDeleted={() => void navigate(paths.app.client.getHref(contact.client.id), { replace: true })}
          />
        </>
      ) : null}
    </div>
  );
}

/** /contacts/{contactId} */
export function ContactDetailRoute() {
  const { contactId } = useParams();
  const id = idParam(contactId);
  if (!id) return <RecordError icon={UserRound} what="contact" error={null} />;
  return <ContactDetail key={id} id={id} />;
}

export default ContactDetailRoute;
