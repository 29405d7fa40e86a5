import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { useListRoleApplicationsQuery } from '../api';
import { ApplicationsCardBody, useApplicationsFilter } from './applications-card-body';

const PAGE_SIZE = 10;

/** The role page's inbox: its applications by status, with the count of new ones as a badge. */
export function RoleApplicationsCard({ roleId, newCount, total }: { roleId: number; newCount: number; total: number }) {
  const filter = useApplicationsFilter();
  // The jobs list's badge links to /roles/{id}#applications: bring the card into view.
  const { hash } = useLocation();
  useEffect(() => {
    if (hash === '#applications') document.getElementById('applications')?.scrollIntoView?.({ block: 'start' });
  }, [hash]);
  const query = useListRoleApplicationsQuery({ roleId, status: filter.status, page: filter.page, pageSize: PAGE_SIZE });
  return (
    <Card role="region" aria-labelledby="role-applications-title" id="applications" className="scroll-mt-20">
      <CardHeader
        titleId="role-applications-title"
        title={
          <span className="flex items-center gap-2">
            Applications
            {newCount > 0 ? (
              <Badge tone="brand">
                {newCount} new<span className="sr-only"> applications</span>
              </Badge>
            ) : null}
          </span>
        }
        description={total ? `${total} received through the careers page` : 'From the careers page'}
      />
      <ApplicationsCardBody
        filter={filter}
        query={query}
        filterLabel="Show applications"
        pageSize={PAGE_SIZE}
        emptyNewTitle="No new applications"
      />
    </Card>
  );
}
