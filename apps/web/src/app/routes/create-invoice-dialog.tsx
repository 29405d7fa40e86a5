import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { QueryError } from '@/components/ui/query-error';
import { RadioGroup } from '@/components/ui/radio-group';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { paths } from '@/config/paths';
import { useGetClientRolesQuery, useListClientsQuery } from '@/features/clients/api';
// The contracts' labels, as every other screen writes them ("Finder's Fee", issue 29 item p).
import { CLIENT_TYPE_LABELS as TYPE_LABELS } from '@recruitdesk/contracts/client-constants';
import { ROLE_STATE_LABELS } from '@recruitdesk/contracts/role-constants';
import type { Client } from '@recruitdesk/contracts/clients';

/** Where the create page came from, so its Back link returns to the Invoices list. */
export const FROM_INVOICES = { from: 'invoices' } as const;

/**
 * "Create invoice" on the Invoices list: whom to bill. A retainer client is billed from its own create page
 * (its instalments); a finder's fee client from one of its roles (that role's placements). The page composes
 * the clients feature's lists with the invoices feature's create pages.
 */
export function CreateInvoiceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [client, setClient] = useState<Client | null>(null);
  const [roleId, setRoleId] = useState('');
  const [roleError, setRoleError] = useState<string | undefined>();
  const [clientError, setClientError] = useState<string | undefined>();
  const clients = useListClientsQuery({ ...(search ? { search } : {}), page_size: 6 }, { skip: !open });
  const billsRoles = client?.client_type === 'finders_fee';
  const roles = useGetClientRolesQuery(client?.id ?? 0, { skip: !open || !billsRoles });

  const close = () => {
    setSearch('');
    setClient(null);
    setRoleId('');
    setRoleError(undefined);
    setClientError(undefined);
    onClose();
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!client) {
      setClientError('Choose the client to bill.');
      return;
    }
    if (billsRoles && !roleId) {
      setRoleError('Choose the role whose placement you are billing.');
      return;
    }
    const to = billsRoles
      ? paths.app.roleInvoiceCreate.getHref(Number(roleId))
      : paths.app.clientInvoiceCreate.getHref(client.id);
    close();
    void navigate(to, { state: FROM_INVOICES });
  };

  const found = clients.data?.clients ?? [];
  // The chosen client stays listed while the search changes.
  const shown = client && !found.some((c) => c.id === client.id) ? [client, ...found] : found;
  const roleList = roles.data?.roles ?? [];

  return (
    <FormDialog
      open={open}
      onClose={close}
      title="Create invoice"
      description="A finder's fee is billed from one of the client's roles, a retainer from the client's instalments."
      submitLabel="Continue"
      onSubmit={submit}
      size="lg"
    >
      <SearchInput label="Find a client" placeholder="Search clients by name" value={search} onChange={setSearch} />
      {clients.error ? (
        <QueryError
          title="Could not load the clients"
          error={clients.error}
          onRetry={() => void clients.refetch()}
          retrying={clients.isFetching}
        />
      ) : clients.isLoading ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">Loading clients…</p>
      ) : shown.length === 0 ? (
        <p className="text-sm text-gray-500 dark:text-gray-400">
          {search ? `No client matches “${search}”.` : 'There are no clients yet.'}
        </p>
      ) : (
        <RadioGroup
          legend="Client"
          name="invoice-client"
          selected={client ? String(client.id) : ''}
          error={clientError}
          onChange={(event) => {
            setClient(shown.find((c) => String(c.id) === event.target.value) ?? null);
            setRoleId('');
            setRoleError(undefined);
            setClientError(undefined);
          }}
          options={shown.map((c) => ({
            value: String(c.id),
            label: c.name,
            description: `${TYPE_LABELS[c.client_type]} · ${c.state}`,
          }))}
        />
      )}
      {billsRoles ? (
        roles.error ? (
          <QueryError
            title="Could not load the client's roles"
            error={roles.error}
            onRetry={() => void roles.refetch()}
            retrying={roles.isFetching}
          />
        ) : !roles.isLoading && roleList.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-300">
            {client.name} has no roles yet: a finder&apos;s fee is billed from a role.
          </p>
        ) : (
          <Field label="Role" error={roleError}>
            <Select
              value={roleId}
              disabled={roles.isLoading}
              onChange={(event) => {
                setRoleId(event.target.value);
                setRoleError(undefined);
              }}
            >
              <option value="">{roles.isLoading ? 'Loading roles…' : 'Choose a role'}</option>
              {roleList.map((role) => (
                <option key={role.id} value={role.id}>
                  {role.name} ({ROLE_STATE_LABELS[role.state as keyof typeof ROLE_STATE_LABELS] ?? role.state})
                </option>
              ))}
            </Select>
          </Field>
        )
      ) : null}
    </FormDialog>
  );
}
