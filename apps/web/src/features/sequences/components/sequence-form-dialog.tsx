import { useState } from 'react';
import { Plus, Trash2 } from 'lucide-react';
import type { Sequence } from '@recruitdesk/contracts/sequences';
import { useListEmailTemplatesQuery } from '@/api/email';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { useCreateSequenceMutation, useUpdateSequenceMutation } from '../api';

export const MAX_STEPS = 5;

interface StepDraft {
  templateId: number | '';
  delayDays: string;
}

/** Create or edit a sequence: a name, up to 5 steps (a template and a delay in days), skip weekends. */
export function SequenceFormDialog({ sequence, onClose }: { sequence?: Sequence | undefined; onClose: () => void }) {
  const { data: templates = [] } = useListEmailTemplatesQuery();
  const [name, setName] = useState(sequence?.name ?? '');
  const [skipWeekends, setSkipWeekends] = useState(sequence?.skip_weekends ?? true);
  const [steps, setSteps] = useState<StepDraft[]>(
    sequence?.steps.map((s) => ({ templateId: s.template.id, delayDays: String(s.delay_days) })) ?? [
      { templateId: '', delayDays: '0' },
    ],
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [create, creating] = useCreateSequenceMutation();
  const [update, updating] = useUpdateSequenceMutation();
  const setStep = (index: number, patch: Partial<StepDraft>) => {
    setSteps((list) => list.map((s, i) => (i === index ? { ...s, ...patch } : s)));
    setProblem(null);
  };
  const submit = async () => {
    if (!name.trim()) return setProblem('Enter a name.');
    if (steps.some((s) => !s.templateId)) return setProblem('Choose a template for every step.');
    const parsed = steps.map((s) => ({ template_id: Number(s.templateId), delay_days: Number(s.delayDays) }));
    if (parsed.some((s) => !Number.isInteger(s.delay_days) || s.delay_days < 0 || s.delay_days > 365))
      return setProblem('Each delay is a whole number of days from 0 to 365.');
    const body = { name: name.trim(), skip_weekends: skipWeekends, steps: parsed };
    const result = sequence ? await update({ id: sequence.id, body }) : await create(body);
    if (!result.error) onClose();
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      size="lg"
      title={sequence ? `Edit ${sequence.name}` : 'New sequence'}
      description="Each step sends a template after a delay; a reply, a placement or do-not-contact stops it."
      submitLabel={sequence ? 'Save sequence' : 'Create sequence'}
      loading={creating.isLoading || updating.isLoading}
      error={sequence ? updating.error : creating.error}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field label="Name">
        <Input value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </Field>
      <Checkbox
        label="Skip weekends (count working days only)"
        checked={skipWeekends}
        onChange={(e) => setSkipWeekends(e.target.checked)}
      />
      <ol aria-label="Steps" className="space-y-3">
        {steps.map((step, index) => (
          <li key={index} className="grid grid-cols-[1fr_7rem_auto] items-end gap-2">
            <Field label={`Step ${index + 1} template`}>
              <Select
                value={step.templateId}
                onChange={(e) => setStep(index, { templateId: e.target.value ? Number(e.target.value) : '' })}
              >
                <option value="">Choose a template</option>
                {templates.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={index === 0 ? 'Days after enrolling' : 'Days after the previous'}>
              <Input
                type="number"
                min={0}
                max={365}
                inputMode="numeric"
                value={step.delayDays}
                onChange={(e) => setStep(index, { delayDays: e.target.value })}
              />
            </Field>
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Remove step ${index + 1}`}
              disabled={steps.length === 1}
              onClick={() => setSteps((list) => list.filter((_, i) => i !== index))}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </li>
        ))}
      </ol>
      <Button
        variant="secondary"
        size="sm"
        disabled={steps.length >= MAX_STEPS}
        onClick={() => setSteps((list) => [...list, { templateId: '', delayDays: '3' }])}
      >
        <Plus aria-hidden="true" className="size-4" />
        {steps.length >= MAX_STEPS ? `At most ${MAX_STEPS} steps` : 'Add a step'}
      </Button>
      {problem ? <Alert>{problem}</Alert> : null}
    </FormDialog>
  );
}
