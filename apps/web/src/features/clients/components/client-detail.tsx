import { Link } from 'react-router';
import { Briefcase, Plus } from 'lucide-react';
import { CLIENT_STATES, type Client, type ClientState } from '@recruitdesk/contracts/clients';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { DeleteRecordDialog } from '@/components/ui/delete-record-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { RoleStateBadge } from '@/components/ui/role-state-badge';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { formatDate, formatMoney, humanize } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useChangeClientStateMutation, useDeleteClientMutation, useGetClientRolesQuery } from '../api';

export function ClientContactCard({ client }: { client: Client }) {
  const website = client.website ? (
    <a href={client.website} target="_blank" rel="noreferrer noopener" className="text-brand-600 hover:underline dark:text-brand-400">
      {client.website.replace(/^https?:\/\//, '')}
    </a>
  ) : (
    ''
  );
  return (
    <Card role="region" aria-labelledby="client-contact-title">
      <CardHeader titleId="client-contact-title" title="Contact" />
      <DescriptionList
        items={[
          { label: 'Main contact', value: client.contact_name },
          {
            label: 'Email',
            value: client.contact_email ? (
              <a href={`mailto:${client.contact_email}`} className="text-brand-600 hover:underline dark:text-brand-400">
                {client.contact_email}
              </a>
            ) : (
              ''
            ),
          },
          { label: 'Phone', value: client.contact_phone },
          { label: 'Website', value: website },
          { label: 'Industry', value: client.industry },
          { label: 'Location', value: client.location },
          { label: 'Account owner', value: client.owner?.name ?? '' },
        ]}
      />
    </Card>
  );
}

export function ClientFeeTermsCard({ client }: { client: Client }) {
  const items =
    client.client_type === 'retainer'
      ? [
          { label: 'Retainer', value: formatMoney(client.retainer_amount, client.currency) },
          {
            label: 'Instalments',
            value: client.retainer_instalments.length ? (
              <ul className="space-y-1">
                {client.retainer_instalments.map((item, index) => (
                  <li key={index} className="flex justify-between gap-3">
                    <span>
                      {item.label}
                      {/* The milestone only adds something when the label does not already name it. */}
                      {item.label.toLowerCase() !== humanize(item.milestone).toLowerCase() ? (
                        <span className="font-normal text-gray-500 dark:text-gray-400"> · {humanize(item.milestone)}</span>
                      ) : null}
                    </span>
                    <span className="whitespace-nowrap tabular-nums">{item.percent} %</span>
                  </li>
                ))}
              </ul>
            ) : (
              'Due at once'
            ),
          },
        ]
      : [
          { label: "Finder's fee", value: client.finders_fee_percent == null ? '' : `${client.finders_fee_percent} %` },
          { label: 'Guarantee', value: client.guarantee_days == null ? '' : `${client.guarantee_days} days` },
        ];
  return (
    <Card role="region" aria-labelledby="client-fees-title">
      <CardHeader titleId="client-fees-title" title="Fee terms" />
      <DescriptionList
        items={[
          ...items,
          { label: 'Payment terms', value: `${client.payment_terms_days} days` },
          { label: 'Currency', value: client.currency },
        ]}
      />
    </Card>
  );
}

/** The state select in the client header ('Change state'). */
export function ClientStateSelect({ client, disabled }: { client: Client; disabled?: boolean }) {
  const dispatch = useAppDispatch();
  const [change, { isLoading }] = useChangeClientStateMutation();
  return (
    <Select
      aria-label="Change state"
      value={client.state}
      disabled={disabled || isLoading}
      className="w-36"
      onChange={async (event) => {
        const state = event.target.value as ClientState;
        const result = await change({ id: client.id, state });
        if (result.error) dispatch(notifyError(errorMessage(result.error)));
        else dispatch(notifySuccess(`${client.name} is now ${state}.`));
      }}
    >
      {CLIENT_STATES.map((state) => (
        <option key={state} value={state}>
          {state}
        </option>
      ))}
    </Select>
  );
}

/** The client's roles, each linked, with its state; 'New role' preselects the client. */
export function ClientRolesCard({ client, canEdit }: { client: Client; canEdit: boolean }) {
  const { data, error, isLoading, isFetching, refetch } = useGetClientRolesQuery(client.id);
  return (
    <Card role="region" aria-labelledby="client-roles-title">
      <CardHeader
        titleId="client-roles-title"
        title="Roles"
        description={`${client.active_roles_count} active of ${client.roles_count}`}
        action={
          canEdit && client.state !== 'Closed' ? (
            <Link to={`${paths.app.roleCreate.getHref()}?client=${client.id}`} className={buttonClasses('secondary', 'sm')}>
              <Plus aria-hidden="true" className="size-4" />
              New role
            </Link>
          ) : null
        }
      />
      {isLoading ? (
        <div className="space-y-3 p-5" aria-busy="true">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : error ? (
        <QueryError title="Could not load the roles" error={error} onRetry={() => void refetch()} retrying={isFetching} />
      ) : !data?.roles.length ? (
        <EmptyState icon={Briefcase} title="No roles yet" description="Roles you open for this client show up here." />
      ) : (
        <ul className="divide-y divide-gray-100 dark:divide-white/5" aria-label={`Roles of ${client.name}`}>
          {data.roles.map((role) => (
            <li key={role.id} className="flex items-center justify-between gap-3 px-5 py-3">
              <div className="min-w-0">
                <Link
                  to={paths.app.role.getHref(role.id)}
                  className="block truncate text-sm font-medium text-gray-900 hover:text-brand-600 dark:text-white dark:hover:text-brand-400"
                >
                  {role.name}
                </Link>
                <p className="text-xs text-gray-500 dark:text-gray-400">
                  Opened {formatDate(role.opened_at)}
                  {role.location ? ` · ${role.location}` : ''}
                </p>
              </div>
              <RoleStateBadge state={role.state} />
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** 'Delete client' with a confirmation; the server refuses (409) while the client has roles. */
export function DeleteClientDialog({
  client,
  open,
  onClose,
  onDeleted,
}: {
  client: Client;
  open: boolean;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const [remove, { isLoading, error, reset }] = useDeleteClientMutation();
  return (
    <DeleteRecordDialog
      name={client.name}
      description="The client and its notes are removed for good."
      confirmLabel="Delete client"
      open={open}
      onClose={onClose}
      onDeleted={onDeleted}
      remove={() => remove(client.id)}
      pending={isLoading}
      error={error}
      resetError={reset}
    />
  );
}
