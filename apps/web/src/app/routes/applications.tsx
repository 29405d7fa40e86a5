import { useParams } from 'react-router';
import { Inbox } from 'lucide-react';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RecordError } from '@/components/ui/record-error';
import { useGetApplicationQuery } from '@/features/applications/api';
import { ApplicationDetailView } from '@/features/applications/components/application-detail';
import { ApplicationRolesCard } from '@/features/matching/components/matching-roles-card';
import { useAddToRole } from './add-to-role';
import { idParam, useCanEdit } from './route-helpers';
import { RecordNotes } from './record-notes';

function ApplicationPage({ id }: { id: number }) {
  const editable = useCanEdit();
  const { data, error, isLoading, isFetching, refetch } = useGetApplicationQuery(id);
  const adding = useAddToRole();
  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data)
    return (
      <RecordError icon={Inbox} what="application" error={error} onRetry={() => void refetch()} retrying={isFetching} />
    );
  const { application } = data;
  return (
    <ApplicationDetailView
      application={application}
      canDecide={editable}
      notes={
        <>
          <ApplicationRolesCard
            applicationId={application.id}
            onAdd={editable ? (role, candidateId) => void adding.add(role, candidateId) : undefined}
          />
          {adding.dialog}
          <RecordNotes target={{ modelType: 'application', objectId: application.id }} canWrite={editable} />
        </>
      }
    />
  );
}

/** /roles/{roleId}/applications/{applicationId} */
export function ApplicationRoute() {
  const id = idParam(useParams().applicationId);
  if (!id) return <RecordError icon={Inbox} what="application" error={null} />;
  return <ApplicationPage key={id} id={id} />;
}

export default ApplicationRoute;
