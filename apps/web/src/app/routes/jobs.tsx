import { Link } from 'react-router';
import { Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { FilterChip } from '@/components/ui/filter-chip';
import { PageHeader } from '@/components/ui/page-header';
import { PAGE_TEXT } from '@/config/page-text';
import { paths } from '@/config/paths';
import { useGetClientQuery } from '@/features/clients/api';
import { RolesTable } from '@/features/roles/components/roles-table';
import { useUrlParams } from '@/lib/use-url-params';
import { idParam, useCanEdit } from './route-helpers';

/** /jobs/active (?client= and ?opened=this_month show removable chips) */
export function JobsActiveRoute() {
  const editable = useCanEdit();
  const [params, update] = useUrlParams('push');
  const clientId = idParam(params.get('client') ?? undefined);
  const { data } = useGetClientQuery(clientId ?? 0, { skip: !clientId });
  const clientName = data?.client.name ?? (clientId ? `#${clientId}` : '');
  const openedThisMonth = params.get('opened') === 'this_month';
  const chips = (
    <>
      {clientId ? (
        <FilterChip
          label={`Client: ${clientName}`}
          removeLabel="Remove client filter"
          onRemove={() => update({ client: null, page: null })}
        />
      ) : null}
      {openedThisMonth ? (
        <FilterChip
          label="Opened this month"
          removeLabel="Remove opened this month filter"
          onRemove={() => update({ opened: null, page: null })}
        />
      ) : null}
    </>
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_TEXT.jobsActive.title}
        description={PAGE_TEXT.jobsActive.description}
        actions={
          editable ? (
            <Link
              to={clientId ? `${paths.app.roleCreate.getHref()}?client=${clientId}` : paths.app.roleCreate.getHref()}
              className={buttonClasses()}
            >
              <Plus aria-hidden="true" className="size-4" />
              New role
            </Link>
          ) : null
        }
      />
      <Card className="overflow-hidden" role="region" aria-label="Active roles list">
        <RolesTable variant="active" canEdit={editable} filterChip={clientId || openedThisMonth ? chips : undefined} />
      </Card>
    </div>
  );
}

/** /jobs/closed */
export function JobsClosedRoute() {
  const editable = useCanEdit();
  return (
    <div className="space-y-6">
      <PageHeader title={PAGE_TEXT.jobsClosed.title} description={PAGE_TEXT.jobsClosed.description} />
      <Card className="overflow-hidden" role="region" aria-label="Closed roles list">
        <RolesTable variant="closed" canEdit={editable} />
      </Card>
    </div>
  );
}
