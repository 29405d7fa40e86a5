import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { FileStack } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RecordError } from '@/components/ui/record-error';
import { paths } from '@/config/paths';
import { useGetResumeBatchQuery } from '@/features/resume-import/api';
import { BulkUpload } from '@/features/resume-import/components/bulk-upload';
import { ResumeReviewList } from '@/features/resume-import/components/review-list';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { BackLink, idParam } from './route-helpers';

/** How often the review list asks for progress while the files are being read. */
const POLL_MS = 1500;

const back = <BackLink to={paths.app.candidates.getHref()}>All candidates</BackLink>;

function BatchPage({ id }: { id: number }) {
  const dispatch = useAppDispatch();
  // Polls only while the job reads the files.
  const [polling, setPolling] = useState(true);
  const { data, error, isLoading, isFetching, refetch } = useGetResumeBatchQuery(id, {
    pollingInterval: polling ? POLL_MS : 0,
  });
  const reading = !data || data.batch.status === 'parsing';
  useEffect(() => setPolling(reading), [reading]);
  if (isLoading) return <PageSkeleton variant="list" />;
  if (error || !data) {
    return (
      <div className="space-y-4">
        {back}
        <RecordError
          icon={FileStack}
          what="upload"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }
  return (
    <div className="space-y-6">
      {back}
      <PageHeader
        title="Review uploaded resumes"
        description="Check each draft, correct what was misread, then create the candidates you want."
      />
      <Card className="px-4 py-5 sm:px-5">
        <ResumeReviewList
          batch={data.batch}
          onCreated={(count) =>
            dispatch(notifySuccess(`${count} ${count === 1 ? 'candidate was' : 'candidates were'} created.`))
          }
        />
      </Card>
    </div>
  );
}

/** /candidates/import-resumes (drop the files) and /candidates/import-resumes/{id} (review the batch). */
export function ResumeImportRoute() {
  const navigate = useNavigate();
  const { batchId } = useParams();
  if (batchId !== undefined) {
    const id = idParam(batchId);
    if (id === null)
      return (
        <div className="space-y-4">
          {back}
          <RecordError icon={FileStack} what="upload" error={null} />
        </div>
      );
    return <BatchPage key={id} id={id} />;
  }
  return (
    <div className="space-y-6">
      {back}
      <PageHeader
        title="Bulk upload resumes"
        description="Each resume becomes a draft candidate to review: nothing is created until you confirm."
      />
      <Card className="px-4 py-5 sm:px-5">
        <BulkUpload onUploaded={(batch) => void navigate(paths.app.resumeBatch.getHref(batch.id))} />
      </Card>
    </div>
  );
}
