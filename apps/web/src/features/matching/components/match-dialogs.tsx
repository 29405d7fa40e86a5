import { useState } from 'react';
import {
  DEFAULT_MATCH_WEIGHTS,
  MATCH_FACTOR_KEYS,
  MATCH_FACTOR_LABELS,
  type MatchWeights,
} from '@recruitdesk/contracts/matching';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { useMarkNotAFitMutation, useUpdateMatchWeightsMutation } from '../api';

/** "Not a fit" with a reason: the ranking halves the candidate's score for this role. */
export function NotAFitDialog({
  roleId,
  candidate,
  onClose,
}: {
  roleId: number;
  candidate: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [mark, state] = useMarkNotAFitMutation();
  const close = () => {
    setReason('');
    setProblem(null);
    state.reset();
    onClose();
  };
  return (
    <FormDialog
      open={candidate !== null}
      onClose={close}
      title={`${candidate?.name ?? ''} is not a fit`}
      description="The reason is kept in the candidate’s history; they move down this role’s matches."
      submitLabel="Mark not a fit"
      loading={state.isLoading}
      error={state.error}
      onSubmit={(event) => {
        event.preventDefault();
        if (!candidate) return;
        if (!reason.trim()) {
          setProblem('Say why this candidate is not a fit.');
          return;
        }
        void mark({ roleId, body: { candidate_id: candidate.id, verdict: 'not_a_fit', reason: reason.trim() } })
          .unwrap()
          .then(close, () => undefined);
      }}
    >
      <Field label="Reason" error={problem ?? undefined}>
        <Textarea rows={3} autoFocus value={reason} onChange={(event) => setReason(event.target.value)} />
      </Field>
    </FormDialog>
  );
}

/** The role's weights as sliders (0–100, only their proportions matter) and which required skills are musts. */
export function WeightsDialog({
  roleId,
  open,
  weights,
  required,
  must,
  onClose,
}: {
  roleId: number;
  open: boolean;
  weights: MatchWeights;
  required: string[];
  must: string[];
  onClose: () => void;
}) {
  const [draft, setDraft] = useState<MatchWeights>(weights);
  const [musts, setMusts] = useState<string[]>(must);
  const [save, state] = useUpdateMatchWeightsMutation();
  const total = MATCH_FACTOR_KEYS.reduce((sum, key) => sum + draft[key], 0);
  return (
    <FormDialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Match weights"
      description="How much each factor counts for this role. Saved on the role and in its history."
      submitLabel="Save weights"
      loading={state.isLoading}
      error={state.error}
      submitDisabled={total === 0}
      onSubmit={(event) => {
        event.preventDefault();
        void save({ roleId, weights: draft, mustSkills: musts })
          .unwrap()
          .then(onClose, () => undefined);
      }}
    >
      <div className="space-y-3">
        {MATCH_FACTOR_KEYS.map((key) => (
          <div key={key} className="grid grid-cols-[minmax(0,11rem)_minmax(0,1fr)_3rem] items-center gap-3">
            <label htmlFor={`weight-${key}`} className="text-sm text-gray-700 dark:text-gray-300">
              {MATCH_FACTOR_LABELS[key]}
            </label>
            <input
              id={`weight-${key}`}
              type="range"
              min={0}
              max={100}
              step={1}
              value={draft[key]}
              onChange={(event) => setDraft({ ...draft, [key]: Number(event.target.value) })}
              className="w-full accent-brand-600"
            />
            <output htmlFor={`weight-${key}`} className="text-right text-sm tabular-nums">
              {total ? Math.round((draft[key] / total) * 100) : 0}%
            </output>
          </div>
        ))}
      </div>
      <Button type="button" variant="secondary" size="sm" onClick={() => setDraft(DEFAULT_MATCH_WEIGHTS)}>
        Reset to the defaults
      </Button>
      {required.length ? (
        <fieldset className="space-y-2">
          <legend className="text-sm font-medium text-gray-900 dark:text-white">
            Must have (candidates without it drop out)
          </legend>
          {required.map((skill) => (
            <Checkbox
              key={skill}
              label={skill}
              checked={musts.includes(skill)}
              onChange={(event) =>
                setMusts(event.target.checked ? [...musts, skill] : musts.filter((item) => item !== skill))
              }
            />
          ))}
        </fieldset>
      ) : null}
    </FormDialog>
  );
}
