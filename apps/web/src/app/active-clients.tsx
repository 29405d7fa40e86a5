import { CLIENT_TYPE_LABELS } from '@recruitdesk/contracts/client-constants';
import { ActiveClientsPanel, ACTIVE_CLIENTS_PANEL_LIMIT } from '@/components/layouts/active-clients-panel';
import { useListClientsQuery } from '@/features/clients/api';

/** Feeds the sidebar's Active Clients panel; a failed fetch leaves it empty, silently. */
export function ActiveClientsPanelContainer() {
  const open = useListClientsQuery({ state: 'Open', page_size: 1 });
  const withRoles = useListClientsQuery({
    state: 'Open',
    has_active_roles: 'true',
    page_size: ACTIVE_CLIENTS_PANEL_LIMIT,
    ordering: '-recent_roles',
  });
  const clients = withRoles.data?.clients ?? [];
  return (
    <ActiveClientsPanel
      loading={withRoles.isLoading}
      openCount={open.data?.count ?? null}
      total={withRoles.data?.count ?? 0}
      clients={clients.map((c) => ({
        id: c.id,
        name: c.name,
        typeLabel: CLIENT_TYPE_LABELS[c.client_type],
        activeRoles: c.active_roles_count,
      }))}
    />
  );
}
