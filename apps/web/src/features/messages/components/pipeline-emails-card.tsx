import { lazy, Suspense, useState } from 'react';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { recordChip } from '../compose-logic';
import { EmailsCard } from './emails-card';
import type { SubmittalEmailProps } from './submittal-email-dialog';

const SubmittalEmailDialog = lazy(() => import('./submittal-email-dialog'));

/** The stages at which "Email submittal" is offered: the submittal step. */
export const SUBMITTAL_EMAIL_STAGES: readonly string[] = ['submit_pending'];

/** A pipeline's emails: "Email" to the candidate, and at the submittal step "Email submittal". */
export function PipelineEmailsCard({
  pipelineId,
  stage,
  open,
  candidate,
  role,
  canSend,
}: {
  pipelineId: number;
  stage: string;
  /** The pipeline is open (not closed). */
  open: boolean;
  candidate: { id: number; name: string; email: string; hasResume: boolean };
  role: SubmittalEmailProps['role'];
  canSend: boolean;
}) {
  const dispatch = useAppDispatch();
  const [submitting, setSubmitting] = useState(false);
  const offerSubmittal = canSend && open && SUBMITTAL_EMAIL_STAGES.includes(stage);
  return (
    <>
      <EmailsCard
        type="pipeline"
        id={pipelineId}
        canSend={canSend}
        compose={{
          to: candidate.email ? [recordChip('candidate', candidate.id, candidate.name, candidate.email)] : [],
          candidate: { id: candidate.id, name: candidate.name, hasResume: candidate.hasResume },
          roleId: role.id,
          pipelineId,
          records: [{ type: 'pipeline', id: pipelineId }],
        }}
        actions={
          offerSubmittal ? (
            <Button size="sm" onClick={() => setSubmitting(true)}>
              <Send aria-hidden="true" className="size-4" />
              Email submittal
            </Button>
          ) : null
        }
      />
      {submitting ? (
        <Suspense fallback={null}>
          <SubmittalEmailDialog
            open
            onClose={() => setSubmitting(false)}
            onSent={() => dispatch(notifySuccess('The submittal is on its way and recorded.'))}
            pipelineId={pipelineId}
            candidate={{ id: candidate.id, name: candidate.name, hasResume: candidate.hasResume }}
            role={role}
          />
        </Suspense>
      ) : null}
    </>
  );
}
