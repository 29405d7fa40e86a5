import { useState } from 'react';
import type { ApplicationStatusFilter } from '@recruitdesk/contracts/applications';
import { Card, CardHeader } from '@/components/ui/card';
import { useListMyApplicationsQuery } from '../api';
import { ApplicationList, StatusFilter } from './application-list';

const PAGE_SIZE = 5;

/** The dashboard's inbox across the roles the signed-in user recruits for (decision 044). */
export function MyApplicationsCard() {
  const [status, setStatus] = useState<ApplicationStatusFilter>('new');
  const [page, setPage] = useState(1);
  const query = useListMyApplicationsQuery({ status, page, pageSize: PAGE_SIZE });
  return (
    <Card role="region" aria-labelledby="my-applications-title">
      <CardHeader titleId="my-applications-title" title="Applications to my roles" description="Sent through the careers page to the roles you recruit for." />
      <div className="border-b border-gray-200 px-5 py-3 dark:border-white/10">
        <StatusFilter
          label="Show my applications"
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
        showRole
        emptyTitle={status === 'new' ? 'No new applications to your roles' : 'No applications'}
      />
    </Card>
  );
}
