import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import type { z } from 'zod';
import type {
  BookInterviewInputSchema,
  ClientInterviewOutcomeInputSchema,
  InternalInterviewOutcomeInputSchema,
  PipelineActionResponse,
  SubmitPendingInputSchema,
  SubmittalInputSchema,
  SubmittalOutcomeInputSchema,
} from '@recruitdesk/contracts/pipelines';
import type { FormDialogProps } from '@/components/ui/dialog';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import {
  pendingInterviewsOf,
  usePipelineActionMutation,
  type PipelineActionName,
  type PipelineTarget,
} from '../../api';
import type { NamedPipeline } from '../../board-logic';
import { contractResolver } from '../../forms';
import { usePendingInterviewsQuestion } from '../pending-interviews';

/** What every pipeline dialog gets: the pipeline (with the candidate's name for its texts), open, close. */
export interface ActionDialogProps {
  pipeline: NamedPipeline;
  open: boolean;
  onClose: () => void;
}

/** A sent change as RTK Query answers it: the data, or the refusal. */
type Sent<T> = { data: T; error?: undefined } | { data?: undefined; error: unknown };

export interface ContractFormOptions<TForm extends FieldValues, S extends z.core.$ZodType, T> {
  /** The contract the form is checked against before anything is sent. */
  schema: S;
  /** What the inputs hold → the contract's input (numbers stay text: the contract coerces them). */
  toBody: (values: TForm) => Record<string, unknown>;
  /** Every field; the server's per-field messages go on these names. */
  defaultValues: TForm;
  /** Sends the contract's body; null when the user stopped (a question answered with Cancel). */
  send: (body: z.output<S>) => Promise<Sent<T> | null>;
  /** The mutation's state: in flight, the refusal to show at the top, and its reset. */
  mutation: { isLoading: boolean; error?: unknown; reset: () => void };
  /** The toast once it is done. */
  success: (body: z.output<S>, data: T) => string;
  onClose: () => void;
  /** After the toast and the close. */
  onDone?: (body: z.output<S>, data: T) => void;
}

/**
 * A form dialog on a contract: the contract's resolver, the server's field messages on the fields and the
 * rest at the top, a toast and a reset close on success. Returns the form and the dialog's props.
 */
export function useContractForm<TForm extends FieldValues, S extends z.core.$ZodType, T>({
  schema,
  toBody,
  defaultValues,
  send,
  mutation,
  success,
  onClose,
  onDone,
}: ContractFormOptions<TForm, S, T>) {
  const dispatch = useAppDispatch();
  const form = useForm<TForm, unknown, z.output<S>>({
    resolver: contractResolver(schema, toBody),
    defaultValues: defaultValues as DefaultValues<TForm>,
  });
  const close = () => {
    form.reset();
    mutation.reset();
    onClose();
  };
  const onSubmit = form.handleSubmit(async (body) => {
    const result = await send(body);
    if (!result) return;
    const { data, error } = result;
    if (error !== undefined || data === undefined) {
      applyFieldErrors(error, form.setError, Object.keys(defaultValues) as Path<TForm>[]);
      return;
    }
    dispatch(notifySuccess(success(body, data)));
    close();
    onDone?.(body, data);
  });
  return {
    form,
    dialog: { onClose: close, onSubmit, loading: mutation.isLoading, error: mutation.error },
  };
}

/** Each stage action's contract. */
type ActionSchemas = {
  'book-interview': typeof BookInterviewInputSchema;
  'internal-interview-outcome': typeof InternalInterviewOutcomeInputSchema;
  'client-interview-outcome': typeof ClientInterviewOutcomeInputSchema;
  'submit-pending': typeof SubmitPendingInputSchema;
  submittal: typeof SubmittalInputSchema;
  'submittal-outcome': typeof SubmittalOutcomeInputSchema;
};
/** The action whose contract `S` is (never for any other schema): an action goes with its own contract. */
type ActionOf<S> = { [K in PipelineActionName]: ActionSchemas[K] extends S ? K : never }[PipelineActionName];
type ActionArg = Parameters<ReturnType<typeof usePipelineActionMutation>[0]>[0];

export interface ActionFormOptions<TForm extends FieldValues, S extends z.core.$ZodType>
  extends
    Omit<ContractFormOptions<TForm, S, PipelineActionResponse>, 'send' | 'mutation'>,
    Pick<FormDialogProps, 'open' | 'title' | 'description' | 'submitLabel'> {
  pipeline: PipelineTarget;
  action: ActionOf<S>;
}

/**
 * A stage action's dialog form: POST /api/pipelines/{id}/actions/{action}/ with the version the dialog
 * has. An offer or placement past a booked client interview asks what happened to it (`question`, a
 * dialog of its own) and sends again with the answer; that refusal is not shown behind the question.
 * Returns the form, its `register` and `errors`, and `frame` for `ActionFormDialog` (the dialog's props
 * with its texts, and the question).
 */
export function useActionForm<TForm extends FieldValues, S extends z.core.$ZodType>({
  pipeline,
  action,
  open,
  title,
  description,
  submitLabel,
  ...options
}: ActionFormOptions<TForm, S>) {
  const [act, state] = usePipelineActionMutation();
  const { ask, question } = usePendingInterviewsQuestion();
  // The endpoint's argument pairs each action with its body; TypeScript cannot follow that pairing
  // through the generic schema, so the argument is named once here.
  const send = async (body: z.output<S>) => {
    let result = await act({ pipeline, action, body } as ActionArg);
    const answer = result.error ? await ask(result.error) : undefined;
    if (answer === null) return null;
    if (answer) {
      const withAnswer = Object.assign({}, body, { pending_interviews: answer });
      result = await act({ pipeline, action, body: withAnswer } as ActionArg);
    }
    return result;
  };
  const error = state.error && !pendingInterviewsOf(state.error) ? state.error : undefined;
  const { form, dialog } = useContractForm<TForm, S, PipelineActionResponse>({
    ...options,
    send,
    mutation: { isLoading: state.isLoading, error, reset: state.reset },
  });
  return {
    form,
    register: form.register,
    errors: form.formState.errors,
    frame: { dialog: { ...dialog, open, title, description, submitLabel }, question },
  };
}
