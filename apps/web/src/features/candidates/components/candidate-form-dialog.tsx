import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import type { Candidate } from '@recruitdesk/contracts/candidates';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Modal, useDiscardQuestion } from '@/components/ui/dialog';
import { clearDraft } from '@/lib/form-draft';
import { paths } from '@/config/paths';
import { CandidateForm, candidateDraftKey, type CandidateSaved } from './candidate-form';
import { DuplicateWarning } from '@/components/ui/duplicate-warning';

/**
 * 'Add candidate' / 'Edit {name}' in a dialog. A save that the server flags as a possible duplicate (or
 * whose resume upload failed) stays open on a 'Saved' step that says so, with links; otherwise it closes.
 */
export function CandidateFormDialog({
  open,
  onClose,
  candidate,
  defaultCurrency,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  /** Edit this candidate; without it, create one. */
  candidate?: Candidate;
  /** The agency's currency, preselected for a new candidate's desired salary. */
  defaultCurrency?: string | undefined;
  /** Called once the save is done and the dialog closes. */
  onSaved: (candidate: Candidate) => void;
}) {
  const [saved, setSaved] = useState<CandidateSaved | null>(null);
  const [dirty, setDirty] = useState(false);
  const close = useCallback(() => {
    setSaved(null);
    setDirty(false);
    onClose();
  }, [onClose]);
  // Escape, the backdrop, × or Cancel on a form with changes asks first; Discard forgets the draft too.
  const { requestClose, question } = useDiscardQuestion({
    dirty,
    close,
    discard: () => clearDraft(candidateDraftKey(candidate)),
  });
  const finish = (result: CandidateSaved) => {
    setSaved(null);
    onSaved(result.candidate);
  };

  const title = saved
    ? `${saved.candidate.name} was ${candidate ? 'saved' : 'added'}`
    : candidate
      ? `Edit ${candidate.name}`
      : 'Add candidate';

  return (
    <>
      <Modal
        open={open}
        onClose={saved ? () => finish(saved) : requestClose}
        title={title}
        size="lg"
        footer={
          saved ? (
            <>
              {candidate ? null : (
                <Link
                  to={paths.app.candidate.getHref(saved.candidate.id)}
                  className={buttonClasses('secondary')}
                  onClick={() => finish(saved)}
                >
                  Open {saved.candidate.name}
                </Link>
              )}
              <Button onClick={() => finish(saved)}>Done</Button>
            </>
          ) : undefined
        }
      >
        {saved ? (
          <div className="space-y-4">
            {saved.resumeError ? (
              <Alert title="The resume was not uploaded">
                {saved.resumeError} Upload it again from the candidate’s page.
              </Alert>
            ) : null}
            <DuplicateWarning duplicates={saved.duplicates} saved />
          </div>
        ) : (
          <CandidateForm
            key={candidate?.id ?? 'new'}
            candidate={candidate}
            defaultCurrency={defaultCurrency}
            onCancel={requestClose}
            onDirtyChange={setDirty}
            onSaved={(result) => {
              setDirty(false);
              if (result.duplicates.length || result.resumeError) setSaved(result);
              else onSaved(result.candidate);
            }}
          />
        )}
      </Modal>
      {question}
    </>
  );
}
