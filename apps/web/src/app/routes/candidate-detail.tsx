import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Plus, UserRound } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RecordError } from '@/components/ui/record-error';
import { paths } from '@/config/paths';
import { useGetCandidateDetailQuery } from '@/api/candidates';
import { RecentActivity } from '@/features/activity/components/recent-activity';
import { CandidateProfile } from '@/features/candidates/components/candidate-profile';
import { AddToRoleDialog } from '@/features/pipelines/components/add-to-role-dialog';
import { MatchingRolesCard } from '@/features/matching/components/matching-roles-card';
import { EmailsCard } from '@/features/messages/components/emails-card';
import { ConsentCard } from '@/features/data-protection/components/consent-card';
import { hasUserType } from '@recruitdesk/contracts/user-types';
import { recordChip } from '@/features/messages/compose-logic';
import { selectUser } from '@/features/auth/auth-slice';
import { useAppSelector } from '@/lib/hooks';
import { isOwner } from '@/lib/permissions';
import { useAddToRole } from './add-to-role';
import { BackLink, idParam, useCanEdit } from './route-helpers';
import { RecordNotes } from './record-notes';

function CandidateDetailPage({ id }: { id: number }) {
  const navigate = useNavigate();
  const editable = useCanEdit();
  const user = useAppSelector(selectUser);
  const owner = isOwner(user);
  // Owners and superusers record a person's data protection requests (issue 34).
  const canFileRequests = hasUserType(user, 'owner', 'superuser');
  const { data, error, isLoading, isFetching, refetch } = useGetCandidateDetailQuery({ id });
  const [addingToRole, setAddingToRole] = useState(false);
  const adding = useAddToRole();
  const back = <BackLink to={paths.app.candidates.getHref()}>All candidates</BackLink>;

  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data) {
    return (
      <div className="space-y-4">
        {back}
        <RecordError
          icon={UserRound}
          what="candidate"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }
  const { candidate } = data;
  return (
    <CandidateProfile
      candidate={candidate}
      canEdit={editable}
      canManagePersonalData={owner}
      before={back}
      onDeleted={() => void navigate(paths.app.candidates.getHref(), { replace: true })}
      pipelinesAction={
        editable ? (
          <>
            <Button variant="secondary" size="sm" onClick={() => setAddingToRole(true)}>
              <Plus aria-hidden="true" className="size-4" />
              Add to role
            </Button>
            <AddToRoleDialog
              candidate={{ id: candidate.id, name: candidate.name, status: candidate.status }}
              open={addingToRole}
              onClose={() => setAddingToRole(false)}
              onAdded={() => setAddingToRole(false)}
            />
          </>
        ) : null
      }
      notes={<RecordNotes target={{ modelType: 'candidate', objectId: candidate.id }} canWrite={editable} />}
      activity={
        <>
          <EmailsCard
            type="candidate"
            id={candidate.id}
            canSend={editable}
            compose={{
              to: candidate.email ? [recordChip('candidate', candidate.id, candidate.name, candidate.email)] : [],
              candidate: { id: candidate.id, name: candidate.name, hasResume: Boolean(candidate.resume) },
            }}
          />
          <ConsentCard candidateId={candidate.id} canEdit={editable} canFileRequests={canFileRequests} />
          <MatchingRolesCard
            candidateId={candidate.id}
            onAdd={editable ? (role) => void adding.add(role, candidate.id) : undefined}
          />
          {adding.dialog}
          <RecentActivity
            subject={{ modelType: 'candidate', objectId: candidate.id }}
            limit={8}
            description="Changes to this candidate, their pipelines and notes."
            emptyDescription="Changes to this candidate will show up here."
          />
        </>
      }
    />
  );
}

/** /candidates/{candidateId} */
export function CandidateDetailRoute() {
  const id = idParam(useParams().candidateId);
  if (!id) return <RecordError icon={UserRound} what="candidate" error={null} />;
  return <CandidateDetailPage key={id} id={id} />;
}
