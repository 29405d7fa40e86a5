import { Card, CardHeader } from '@/components/ui/card';
import { useListMyApplicationsQuery } from '../api';
import { ApplicationsCardBody, useApplicationsFilter } from './applications-card-body';

const PAGE_SIZE = 5;

/** The dashboard's inbox across the roles the signed-in user recruits for (decision 044). */
export function MyApplicationsCard() {
  const filter = useApplicationsFilter();
  const query = useListMyApplicationsQuery({ status: filter.status, page: filter.page, pageSize: PAGE_SIZE });
  return (
    <Card role="region" aria-labelledby="my-applications-title">
      <CardHeader
        titleId="my-applications-title"
        title="Applications to my roles"
        description="Sent through the careers page to the roles you recruit for."
      />
      <ApplicationsCardBody
        filter={filter}
        query={query}
        filterLabel="Show my applications"
        pageSize={PAGE_SIZE}
        showRole
        emptyNewTitle="No new applications to your roles"
      />
    </Card>
  );
}
