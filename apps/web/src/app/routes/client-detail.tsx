import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Archive, Building2, Pencil, Trash2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { PageHeader } from '@/components/ui/page-header';
import { paths } from '@/config/paths';
import { useGetClientQuery } from '@/features/clients/api';
import { ClientStateBadge, ClientTypeBadge } from '@/features/clients/components/client-badges';
import {
  ClientDetailsCard,
  ClientFeeTermsCard,
  ClientRolesCard,
  ClientStateSelect,
  ArchiveClientDialog,
  DeleteClientDialog,
  RestoreClientButton,
} from '@/features/clients/components/client-detail';
import { ClientForm } from '@/features/clients/components/client-form';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { ClientContactsCard } from '@/features/contacts/components/client-contacts-card';
import { EmailsCard } from '@/features/messages/components/emails-card';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useClientDefaults } from './client-new';
import { InvoicesCard } from '@/features/invoices/components/invoices-card';
import { selectUser } from '@/features/auth/auth-slice';
import { canSeeInvoices } from '@/lib/permissions';
import { BackLink, idParam, useCanEdit } from './route-helpers';
import { RecordError } from '@/components/ui/record-error';
import { RecordNotes } from './record-notes';

function ClientDetail({ id }: { id: number }) {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const editable = useCanEdit();
  const invoices = canSeeInvoices(useAppSelector(selectUser));
  const { defaults } = useClientDefaults();
  const { data, error, isLoading, isFetching, refetch } = useGetClientQuery(id);
  const [editing, setEditing] = useState(false);
  const [dialog, setDialog] = useState<'delete' | 'archive' | null>(null);

  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data) {
    return (
      <div className="space-y-4">
        <BackLink to={paths.app.clients.getHref()}>All clients</BackLink>
        <RecordError
          icon={Building2}
          what="client"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }
  const { client } = data;

  if (editing) {
    return (
      <div className="mx-auto max-w-3xl space-y-4">
        <h2 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">Edit {client.name}</h2>
        <Card className="px-5 py-6 sm:px-8">
          <ClientForm
            client={client}
            defaults={defaults}
            onCancel={() => setEditing(false)}
            onSaved={(saved) => {
              dispatch(notifySuccess(`${saved.name} was saved.`));
              setEditing(false);
            }}
          />
        </Card>
      </div>
    );
  }

  return (
    <div className="space-y-6">
      <BackLink to={paths.app.clients.getHref()}>All clients</BackLink>
      <PageHeader
        title={client.name}
        meta={
          <>
            <ClientTypeBadge type={client.client_type} />
            <ClientStateBadge state={client.state} />
            {client.archived_at ? <Badge tone="gray">Archived</Badge> : null}
          </>
        }
        description={[client.industry, client.location].filter(Boolean).join(' · ') || undefined}
        actions={
          editable ? (
            <>
              <ClientStateSelect client={client} />
              <Button variant="secondary" onClick={() => setEditing(true)}>
                <Pencil aria-hidden="true" className="size-4" />
                Edit client
              </Button>
              {client.archived_at ? (
                <RestoreClientButton client={client} />
              ) : (
                <Button variant="ghost" onClick={() => setDialog('archive')}>
                  <Archive aria-hidden="true" className="size-4" />
                  Archive client
                </Button>
              )}
              <Button variant="ghost" onClick={() => setDialog('delete')}>
                <Trash2 aria-hidden="true" className="size-4" />
                Delete client
              </Button>
            </>
          ) : null
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <ClientRolesCard client={client} canEdit={editable} />
          <RecordNotes target={{ modelType: 'client', objectId: client.id }} canWrite={editable} />
          <EmailsCard
            type="client"
            id={client.id}
            canSend={editable}
            description="Emails with this client's contacts."
            compose={{ records: [{ type: 'client', id: client.id }] }}
          />
        </div>
        <div className="space-y-6">
          <ClientContactsCard client={client} canEdit={editable} />
          <ClientDetailsCard client={client} />
          <ClientFeeTermsCard client={client} />
          {invoices ? (
            <InvoicesCard
              subject={{ kind: 'client', id: client.id }}
              clientId={client.id}
              canCreate={client.client_type === 'retainer'}
            />
          ) : null}
          <RecentActivity
            subject={{ modelType: 'client', objectId: client.id }}
            limit={8}
            description="Changes to this client, its roles, their pipelines and notes."
            emptyDescription="Changes to this client will show up here."
          />
        </div>
      </div>
      {editable ? (
        <>
          <DeleteClientDialog
            client={client}
            open={dialog === 'delete'}
            onClose={() => setDialog(null)}
            onDeleted={() => void navigate(paths.app.clients.getHref(), { replace: true })}
          />
          <ArchiveClientDialog client={client} open={dialog === 'archive'} onClose={() => setDialog(null)} />
        </>
      ) : null}
    </div>
  );
}

/** /clients/{clientId} */
export function ClientDetailRoute() {
  const { clientId } = useParams();
  const id = idParam(clientId);
  if (!id) return <RecordError icon={Building2} what="client" error={null} />;
  return <ClientDetail key={id} id={id} />;
}

export default ClientDetailRoute;
