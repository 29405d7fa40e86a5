import { PIPELINE_STAGE_LABELS } from '@recruitdesk/contracts/pipelines';
import { Select } from '@/components/ui/select';

/** The stages a candidate may start in when added to a role. */
export const STARTING_STAGES = ['sourced', 'internal_interview', 'submit_pending'] as const;
export type StartingStage = (typeof STARTING_STAGES)[number];

/** The starting stage as a plain select. */
export function StageSelect({
  value,
  onChange,
  id,
}: {
  value: StartingStage;
  onChange: (stage: StartingStage) => void;
  id?: string;
}) {
  return (
    <Select id={id} value={value} onChange={(event) => onChange(event.target.value as StartingStage)}>
      {STARTING_STAGES.map((stage) => (
        <option key={stage} value={stage}>
          {PIPELINE_STAGE_LABELS[stage]}
        </option>
      ))}
    </Select>
  );
}
