import { useMemo, useState } from 'react';
import { useForm, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { PartyPopper } from 'lucide-react';
import { PlacedOutcomeInputSchema, type Placement, type PipelineSummary } from '@recruitdesk/contracts/pipelines';
import { Button } from '@/components/ui/button';
import { FormDialog, Modal } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { applyFieldErrors } from '@/lib/form-errors';
import { formatDate, formatMoney } from '@/lib/format';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { pendingInterviewsOf, useGetPipelineQuery, usePipelineActionMutation } from '../api';
import { placementSalaryDefault, SALARY_SOURCE_HINTS } from '../board-logic';
import { contractResolver } from '../forms';
import { useCloseRoleAsFilled } from './close-role-context';
import { usePendingInterviewsQuestion } from './pending-interviews';

type PlacementForm = { salary: string; start_date: string };

export type PlacementTarget = Pick<PipelineSummary, 'id' | 'role_id' | 'version' | 'stage' | 'state' | 'candidate'>;

/** The salary and start date fields; the salary's hint says its currency and where its value came from. */
function PlacementFields({
  register,
  errors,
  defaultSalary,
  currency,
}: {
  register: UseFormRegister<PlacementForm>;
  errors: FieldErrors<PlacementForm>;
  defaultSalary: ReturnType<typeof placementSalaryDefault>;
  /** The role's salary currency, once the detail has loaded. */
  currency: string | undefined;
}) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      <Field
        label="Salary"
        error={errors.salary?.message}
        hint={
          [currency ? `In ${currency}.` : '', defaultSalary ? SALARY_SOURCE_HINTS[defaultSalary.from] : '']
            .filter(Boolean)
            .join(' ') || undefined
        }
      >
        <Input type="number" inputMode="decimal" min={0} step="any" autoFocus {...register('salary')} />
      </Field>
      <Field label="Start date" error={errors.start_date?.message}>
        <Input type="date" {...register('start_date')} />
      </Field>
    </div>
  );
}

/**
 * Placed: the salary (prefilled from the offer, else the latest submittal's proposed salary) and the start date, sent as
 * the submittal outcome `placed`; then the fee, and the offer to close the role when every opening is filled.
 */
export function PlacementFlow({
  pipeline,
  open,
  onClose,
}: {
  pipeline: PlacementTarget | null;
  open: boolean;
  onClose: () => void;
}) {
  const [result, setResult] = useState<{
    placement: Placement | null;
    offerCloseRole: boolean;
  } | null>(null);
  const dismiss = () => {
    setResult(null);
    onClose();
  };
  if (!pipeline) return null;
  return (
    <>
      <PlacementDialog
        pipeline={pipeline}
        open={open && !result}
        onClose={dismiss}
        onPlaced={(placement, offerCloseRole) => setResult({ placement, offerCloseRole })}
      />
      <PlacementResultDialog
        name={pipeline.candidate.name}
        roleId={pipeline.role_id}
        result={result}
        open={open && Boolean(result)}
        onClose={dismiss}
      />
    </>
  );
}

function PlacementDialog({
  pipeline,
  open,
  onClose,
  onPlaced,
}: {
  pipeline: PlacementTarget;
  open: boolean;
  onClose: () => void;
  onPlaced: (placement: Placement | null, offerCloseRole: boolean) => void;
}) {
  const { data, isLoading } = useGetPipelineQuery(pipeline.id, { skip: !open });
  const [act, { isLoading: saving, error, reset }] = usePipelineActionMutation();
  const { ask, question } = usePendingInterviewsQuestion();
  const target = data?.data.pipeline ?? pipeline;
  const defaultSalary = placementSalaryDefault(data?.data.offer, data?.data.submittals ?? []);
  const salary = defaultSalary?.salary;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({
    resolver: contractResolver(PlacedOutcomeInputSchema, (values: PlacementForm) => ({
      outcome: 'placed',
      salary: values.salary === '' ? undefined : values.salary,
      start_date: values.start_date,
    })),
    // The offer's salary, else the latest submittal's, once the detail has loaded (the fields show only then).
    values: useMemo(() => ({ salary: salary == null ? '' : String(salary), start_date: '' }), [salary]),
  });
  const close = () => {
    reset();
    onClose();
  };
  return (
    <FormDialog
      open={open}
      onClose={close}
      title={`Place ${pipeline.candidate.name}`}
      description="Record the placement: the fee is worked out from the client's terms."
      formId={`place-${pipeline.id}`}
      submitLabel="Record placement"
      loading={saving}
      submitDisabled={isLoading}
      error={error && !pendingInterviewsOf(error) ? error : undefined}
      onSubmit={handleSubmit(async (body) => {
        const placed = { outcome: 'placed' as const, salary: body.salary, start_date: body.start_date };
        let result = await act({ pipeline: target, action: 'submittal-outcome', body: placed });
        // A client interview still booked: ask what happened to it, then place with the answer.
        const answer = result.error ? await ask(result.error) : undefined;
        if (answer === null) return;
        if (answer) {
          result = await act({
            pipeline: target,
            action: 'submittal-outcome',
            body: { ...placed, pending_interviews: answer },
          });
        }
        if (result.error) {
          applyFieldErrors(result.error, setError, ['salary', 'start_date']);
          return;
        }
        onPlaced(result.data.data.placement, result.data.offer_close_role);
      })}
    >
      {question}
      {isLoading ? (
        <div className="space-y-3" aria-busy="true">
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-10 w-full" />
        </div>
      ) : (
        <PlacementFields
          register={register}
          errors={errors}
          defaultSalary={defaultSalary}
          currency={data?.data.role.salary_currency}
        />
      )}
    </FormDialog>
  );
}

/** The fee of a new placement; when every opening is now filled, the offer to close the role. */
export function PlacementResultDialog({
  name,
  roleId,
  result,
  open,
  onClose,
}: {
  name: string;
  roleId: number;
  result: { placement: Placement | null; offerCloseRole: boolean } | null;
  open: boolean;
  onClose: () => void;
}) {
  const dispatch = useAppDispatch();
  const closeRole = useCloseRoleAsFilled();
  const [closing, setClosing] = useState(false);
  const placement = result?.placement;
  const offer = Boolean(result?.offerCloseRole && closeRole);
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`${name} is placed`}
      description={
        placement
          ? `Starts on ${formatDate(placement.start_date)} at ${formatMoney(placement.salary, placement.currency)}.`
          : undefined
      }
      footer={
        offer ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              Keep the role open
            </Button>
            <Button
              loading={closing}
              onClick={async () => {
                if (!closeRole) return;
                setClosing(true);
                const problem = await closeRole(roleId);
                setClosing(false);
                if (problem) dispatch(notifyError(problem));
                else {
                  dispatch(notifySuccess('The role was closed as filled.'));
                  onClose();
                }
              }}
            >
              Close the role
            </Button>
          </>
        ) : (
          <Button onClick={onClose}>Done</Button>
        )
      }
    >
      <div className="space-y-4">
        {placement ? (
          <div className="flex items-start gap-3 rounded-xl bg-emerald-50 p-4 ring-1 ring-emerald-600/15 ring-inset dark:bg-emerald-500/10 dark:ring-emerald-400/20">
            <PartyPopper aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400" />
            <div className="min-w-0">
              {placement.fee !== undefined ? (
                <>
                  <p className="text-sm text-emerald-800 dark:text-emerald-300">Fee</p>
                  <p className="text-2xl font-semibold text-emerald-900 tabular-nums dark:text-emerald-200">
                    {formatMoney(placement.fee, placement.currency)}
                  </p>
                  <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300">{placement.fee_explanation}</p>
                </>
              ) : (
                // Whoever may not see fees (decision 071) is told the placement is recorded, without its fee.
                <p className="text-sm font-medium text-emerald-900 dark:text-emerald-200">The placement is recorded.</p>
              )}
              {placement.guarantee_end ? (
                <p className="mt-1 text-sm text-emerald-800 dark:text-emerald-300">
                  Guarantee ends {formatDate(placement.guarantee_end)}.
                </p>
              ) : null}
            </div>
          </div>
        ) : null}
        {offer ? (
          <p className="text-sm font-medium text-gray-900 dark:text-white">All openings are filled. Close the role?</p>
        ) : null}
      </div>
    </Modal>
  );
}
