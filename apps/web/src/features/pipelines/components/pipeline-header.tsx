import { useState } from 'react';
import { Link } from 'react-router';
import { RotateCcw, StickyNote, Trash2, XCircle } from 'lucide-react';
import type { PipelineDetail } from '@recruitdesk/contracts/pipelines';
import { Button, buttonClasses } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { ClientLink, RecordLink } from '@/components/ui/record-link';
import { paths } from '@/config/paths';
import { ClosePipelineDialog } from './action-dialogs/close-pipeline-dialog';
import { DeletePipelineDialog, useReopen } from './card-dialogs';
import { StageBadges } from './stage-progress';

/** The page header: the candidate, the role and client, the stage; Notes, Close/Reopen and Delete. */
export function PipelineHeader({
  detail,
  canEdit,
  notesHref,
  onDeleted,
}: {
  detail: PipelineDetail;
  canEdit: boolean;
  notesHref: string;
  onDeleted: () => void;
}) {
  const { pipeline, role, candidate } = detail;
  const [dialog, setDialog] = useState<'close' | 'delete' | null>(null);
  const [reopen, { isLoading: reopening }] = useReopen();
  const job = [candidate.current_title, candidate.current_company].filter(Boolean).join(' @ ');
  return (
    <>
      <PageHeader
        title={candidate.name}
        meta={<StageBadges pipeline={pipeline} />}
        description={
          <>
            {job ? `${job} · ` : ''}
            <RecordLink to={paths.app.role.getHref(role.id)}>{role.name}</RecordLink>
            {' at '}
            <ClientLink client={role.client} />
          </>
        }
        actions={
          <>
            <Link to={notesHref} className={buttonClasses('secondary')}>
              <StickyNote aria-hidden="true" className="size-4" />
              Notes ({detail.notes_count})
            </Link>
            {canEdit ? (
              <>
                {pipeline.state === 'closed' ? (
                  <Button loading={reopening} onClick={() => void reopen(pipeline)}>
                    {reopening ? null : <RotateCcw aria-hidden="true" className="size-4" />}
                    Reopen
                  </Button>
                ) : pipeline.stage.name !== 'placed' ? (
                  <Button variant="secondary" onClick={() => setDialog('close')}>
                    <XCircle aria-hidden="true" className="size-4" />
                    Close…
                  </Button>
                ) : null}
                {pipeline.stage.name !== 'placed' ? (
                  <Button variant="secondary" onClick={() => setDialog('delete')} aria-label="Delete pipeline">
                    <Trash2 aria-hidden="true" className="size-4" />
                    Delete
                  </Button>
                ) : null}
              </>
            ) : null}
          </>
        }
      />
      {dialog === 'close' ? <ClosePipelineDialog pipeline={pipeline} open onClose={() => setDialog(null)} /> : null}
      <DeletePipelineDialog
        pipeline={pipeline}
        open={dialog === 'delete'}
        onClose={() => setDialog(null)}
        onDeleted={onDeleted}
      />
    </>
  );
}
