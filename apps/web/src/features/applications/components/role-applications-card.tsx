import { useState } from 'react';
import type { ApplicationStatusFilter } from '@recruitdesk/contracts/applications';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { useListRoleApplicationsQuery } from '../api';
import { ApplicationList, StatusFilter } from './application-list';

const PAGE_SIZE = 10;

/** The role page's inbox: its applications by status, with the count of new ones as a badge. */
export function RoleApplicationsCard({ roleId, newCount, total }: { roleId: number; newCount: number; total: number }) {
  const [status, setStatus] = useState<ApplicationStatusFilter>('new');
  const [page, setPage] = useState(1);
  const query = useListRoleApplicationsQuery({ roleId, status, page, pageSize: PAGE_SIZE });
  return (
    <Card role="region" aria-labelledby="role-applications-title">
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
      <div className="border-b border-gray-200 px-5 py-3 dark:border-white/10">
        <StatusFilter
          label="Show applications"
          value={status}
          onChange={(next) => {
            setStatus(next);
            setPage(1);
          }}
        />
      </div>
      <ApplicationList
        {...query}
        refetch={() => void query.refetch()}
        page={page}
        pageSize={PAGE_SIZE}
        onPageChange={setPage}
        emptyTitle={status === 'new' ? 'No new applications' : 'No applications'}
      />
    </Card>
  );
}
