import { useState, type ReactNode } from 'react';
import { CalendarPlus, ClipboardCheck, Hourglass, MessageSquareText, Send, type LucideIcon } from 'lucide-react';
import { PIPELINE_STAGE_LABELS, type Placement, type PipelineDetail } from '@recruitdesk/contracts/pipelines';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { useDateFormat } from '@/lib/time-zone';
import { clientOutcomeStep, stageActions, STAGE_ACTION_LABELS, type StageAction } from '../board-logic';
import { BookInterviewDialog } from './action-dialogs/book-interview-dialog';
import { ClientInterviewOutcomeDialog } from './action-dialogs/client-interview-outcome-dialog';
import { ClientOutcomeDialog } from './action-dialogs/client-outcome-dialog';
import { InterviewOutcomeDialog } from './action-dialogs/interview-outcome-dialog';
import { SubmitPendingDialog } from './action-dialogs/submit-pending-dialog';
import { SubmittalDialog } from './action-dialogs/submittal-dialog';
import { useReopen } from './card-dialogs';
import { PlacementResultDialog } from './placement-dialog';
import { StageProgress } from './stage-progress';

const ACTION_ICONS: Record<StageAction, LucideIcon> = {
  'book-interview': CalendarPlus,
  'interview-outcome': ClipboardCheck,
  'submit-pending': Hourglass,
  submittal: Send,
  'client-outcome': MessageSquareText,
};

/** The actions open at the current stage, each opening its dialog. */
export function NextSteps({ detail, canEdit }: { detail: PipelineDetail; canEdit: boolean }) {
  const { pipeline } = detail;
  const format = useDateFormat();
  const [open, setOpen] = useState<StageAction | null>(null);
  // Which step "Record client outcome" opened on, fixed at the click (the detail changes once it is saved).
  const [clientStep, setClientStep] = useState<'interview' | 'decision'>('decision');
  const [placed, setPlaced] = useState<{
    placement: Placement | null;
    offerCloseRole: boolean;
  } | null>(null);
  const [reopen, { isLoading: reopening }] = useReopen();
  const actions = canEdit ? stageActions(pipeline, detail.interviews) : [];
  const close = () => setOpen(null);
  let body: ReactNode;
  if (pipeline.state === 'closed') {
    body = (
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-gray-600 dark:text-gray-400">This pipeline is closed. Reopen it to continue.</p>
        {canEdit ? (
          <Button size="sm" loading={reopening} onClick={() => void reopen(pipeline)}>
            Reopen
          </Button>
        ) : null}
      </div>
    );
  } else if (pipeline.stage.name === 'placed') {
    body = <p className="text-sm text-gray-600 dark:text-gray-400">Placed. Nothing more to do in this pipeline.</p>;
  } else if (actions.length === 0) {
    body = <p className="text-sm text-gray-600 dark:text-gray-400">No actions available to you.</p>;
  } else {
    body = (
      <div className="flex flex-wrap gap-2">
        {actions.map((action, index) => {
          const Icon = ACTION_ICONS[action];
          return (
            <Button
              key={action}
              variant={index === 0 ? 'primary' : 'secondary'}
              onClick={() => {
                if (action === 'client-outcome') setClientStep(clientOutcomeStep(detail.interviews));
                setOpen(action);
              }}
            >
              <Icon aria-hidden="true" className="size-4" />
              {STAGE_ACTION_LABELS[action]}
            </Button>
          );
        })}
      </div>
    );
  }
  return (
    <Card role="region" aria-labelledby={`next-steps-${pipeline.id}`}>
      <CardHeader
        titleId={`next-steps-${pipeline.id}`}
        title="Stage"
        description={`In ${PIPELINE_STAGE_LABELS[pipeline.stage.name]} since ${format.date(pipeline.stage_changed_at)}.`}
      />
      <div className="space-y-5 px-5 py-5">
        <StageProgress pipeline={pipeline} />
        {body}
      </div>
      {open === 'book-interview' ? <BookInterviewDialog pipeline={pipeline} open onClose={close} /> : null}
      {open === 'interview-outcome' ? (
        <InterviewOutcomeDialog pipeline={pipeline} interviews={detail.interviews} open onClose={close} />
      ) : null}
      {open === 'submit-pending' ? <SubmitPendingDialog pipeline={pipeline} open onClose={close} /> : null}
      {open === 'submittal' ? <SubmittalDialog pipeline={pipeline} open onClose={close} /> : null}
      {open === 'client-outcome' && clientStep === 'interview' ? (
        <ClientInterviewOutcomeDialog pipeline={pipeline} interviews={detail.interviews} open onClose={close} />
      ) : null}
      {open === 'client-outcome' && clientStep === 'decision' ? (
        <ClientOutcomeDialog
          pipeline={pipeline}
          submittals={detail.submittals}
          offer={detail.offer}
          open
          onClose={close}
          onPlaced={(placement, offerCloseRole) => setPlaced({ placement, offerCloseRole })}
        />
      ) : null}
      <PlacementResultDialog
        name={detail.candidate.name}
        roleId={pipeline.role_id}
        result={placed}
        open={Boolean(placed)}
        onClose={() => setPlaced(null)}
      />
    </Card>
  );
}
