import { Link } from 'react-router';
import { ArchiveRestore, Briefcase, Plus } from 'lucide-react';
import { CLIENT_STATES, isWebAddress, type Client, type ClientState } from '@recruitdesk/contracts/clients';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { DescriptionList } from '@/components/ui/description-list';
import { ArchiveOrDeleteDialog, ArchiveRecordDialog } from '@/components/ui/archive-or-delete-dialog';
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
import {
  useArchiveClientMutation,
  useChangeClientStateMutation,
  useDeleteClientMutation,
  useGetClientDeletionCheckQuery,
  useGetClientRolesQuery,
  useRestoreClientMutation,
} from '../api';

/** Whether the server sent the client's fee terms (it leaves them out for whoever may not see fees). */
export const feesShown = (client: Client): boolean =>
  client.finders_fee_percent !== undefined || client.retainer_amount !== undefined;

/**
 * The company's own details. Its people are in the Contacts card (decision 104): the client's old contact
 * fields are only a copy of its main contact, so they are not shown here.
 */
export function ClientDetailsCard({ client }: { client: Client }) {
  // Only http(s) addresses become links; anything else older data holds is shown as text.
  const website = !client.website ? (
    ''
  ) : !isWebAddress(client.website) ? (
    <span className="break-all">{client.website}</span>
  ) : (
    <a
      href={client.website}
      target="_blank"
      rel="noreferrer noopener"
      className="break-all text-brand-600 hover:underline dark:text-brand-400"
    >
      {client.website.replace(/^https?:\/\//, '')}
    </a>
  );
  return (
    <SectionCard id="client-details" title="Details" flush>
      <DescriptionList
        items={[
          { label: 'Website', value: website },
          { label: 'Industry', value: client.industry },
          { label: 'Location', value: client.location },
          { label: 'Account owner', value: client.owner?.name ?? '' },
        ]}
      />
    </SectionCard>
  );
}

/** The client's terms; the fee keys are absent for whoever may not see fees (decision 071), so are their rows. */
export function ClientFeeTermsCard({ client }: { client: Client }) {
  const instalments = client.retainer_instalments;
  const items = !feesShown(client)
    ? client.client_type === 'retainer'
      ? []
      : [{ label: 'Guarantee', value: client.guarantee_days == null ? '' : `${client.guarantee_days} days` }]
    : client.client_type === 'retainer'
      ? [
          { label: 'Retainer', value: formatMoney(client.retainer_amount, client.currency) },
          {
            label: 'Instalments',
            value: instalments?.length ? (
              <ul className="space-y-1">
                {instalments.map((item, index) => (
                  <li key={index} className="flex justify-between gap-3">
                    <span>
                      {item.label}
                      {/* The milestone only adds something when the label does not already name it. */}
                      {item.label.toLowerCase() !== humanize(item.milestone).toLowerCase() ? (
                        <span className="font-normal text-gray-500 dark:text-gray-400">
                          {' '}
                          · {humanize(item.milestone)}
                        </span>
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
    <SectionCard id="client-fees" title="Fee terms" flush>
      <DescriptionList
        items={[
          ...items,
          { label: 'Payment terms', value: `${client.payment_terms_days} days` },
          { label: 'Currency', value: client.currency },
        ]}
      />
    </SectionCard>
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
    <SectionCard
      id="client-roles"
      title="Roles"
      description={`${client.active_roles_count} active of ${client.roles_count}`}
      action={
        canEdit && client.state !== 'Closed' ? (
          <Link
            to={`${paths.app.roleCreate.getHref()}?client=${client.id}`}
            className={buttonClasses('secondary', 'sm')}
          >
            <Plus aria-hidden="true" className="size-4" />
            New role
          </Link>
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
          title="Could not load the roles"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
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
              <span className="flex shrink-0 gap-1.5">
                {role.archived_at ? <Badge tone="gray">Archived</Badge> : null}
                <RoleStateBadge state={role.state} />
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/**
 * 'Delete client': the confirmation first asks the server what a delete would meet; a client with roles
 * is offered "Archive client instead" (decision 021).
 */
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
  const check = useGetClientDeletionCheckQuery(client.id, { skip: !open, refetchOnMountOrArgChange: true });
  const [remove] = useDeleteClientMutation();
  const [archive] = useArchiveClientMutation();
  return (
    <ArchiveOrDeleteDialog
      name={client.name}
      noun="client"
      open={open}
      onClose={onClose}
      check={check.isFetching ? undefined : check.data?.check}
      checkError={check.isFetching ? undefined : check.error}
      onRetryCheck={() => void check.refetch()}
      remove={() => remove(client.id)}
      archive={() => archive(client.id)}
      onDeleted={onDeleted}
    />
  );
}

/** 'Archive client' with what it means; refused while the client has active roles. */
export function ArchiveClientDialog({ client, open, onClose }: { client: Client; open: boolean; onClose: () => void }) {
  const [archive] = useArchiveClientMutation();
  return (
    <ArchiveRecordDialog
      name={client.name}
      noun="client"
      description="It leaves the client lists and the role form, keeps its roles, notes and history, and can be restored: find it with the Archived filter."
      open={open}
      onClose={onClose}
      archive={() => archive(client.id)}
    />
  );
}

/** 'Restore client': back in the lists at once. */
export function RestoreClientButton({ client }: { client: Client }) {
  const dispatch = useAppDispatch();
  const [restore, { isLoading }] = useRestoreClientMutation();
  return (
    <Button
      variant="secondary"
      loading={isLoading}
      onClick={async () => {
        const result = await restore(client.id);
        if (!result.error) dispatch(notifySuccess(`${client.name} was restored.`));
        else dispatch(notifyError(errorMessage(result.error)));
      }}
    >
      {isLoading ? null : <ArchiveRestore aria-hidden="true" className="size-4" />}
      Restore client
    </Button>
  );
}
