import { useId, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { useEnrolCandidatesMutation, useListSequencesQuery } from '../api';

const REASONS: Record<string, string> = {
  do_not_contact: 'Do not contact',
  unsubscribed: 'Unsubscribed',
  no_email: 'No email address',
  missing_fields: 'Missing template fields',
  already_enrolled: 'Already enrolled',
};

/** Enrols the selected candidates in a sequence, then says who was left out and why. */
export function EnrolDialog({
  candidates,
  onClose,
}: {
  candidates: { id: number; name: string }[];
  onClose: () => void;
}) {
  const id = useId();
  const { data: sequences = [], isLoading } = useListSequencesQuery();
  const [chosen, setChosen] = useState('');
  const [enrol, enrolling] = useEnrolCandidatesMutation();
  const result = enrolling.data;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Add ${candidates.length} ${candidates.length === 1 ? 'candidate' : 'candidates'} to a sequence`}
      footer={
        result ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!chosen}
              loading={enrolling.isLoading}
              onClick={() => void enrol({ id: Number(chosen), candidateIds: candidates.map((c) => c.id) })}
            >
              Enrol
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className="space-y-3">
          <Alert tone="success" title={`${result.enrolled} enrolled`}>
            Their first email goes out on the first step’s day.
          </Alert>
          {result.left_out.length ? (
            <ul aria-label="Left out" className="divide-y divide-gray-100 text-sm dark:divide-white/5">
              {result.left_out.map((l) => (
                <li key={l.candidate_id} className="flex justify-between gap-3 py-1.5">
                  <span className="font-medium">{l.name}</span>
                  <span className="text-gray-600 dark:text-gray-400">{REASONS[l.reason] ?? l.reason}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : (
        <div className="space-y-3">
          <div className="space-y-1.5">
            <label htmlFor={id} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
              Sequence
            </label>
            <Select id={id} value={chosen} disabled={isLoading} onChange={(e) => setChosen(e.target.value)}>
              <option value="">{sequences.length ? 'Choose a sequence' : 'No sequences yet'}</option>
              {sequences.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name} ({s.steps.length} {s.steps.length === 1 ? 'step' : 'steps'})
                </option>
              ))}
            </Select>
          </div>
          {enrolling.error ? <Alert>{errorMessage(enrolling.error)}</Alert> : null}
        </div>
      )}
    </Modal>
  );
}

export default EnrolDialog;
