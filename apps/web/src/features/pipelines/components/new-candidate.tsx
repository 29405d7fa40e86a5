import { useForm } from 'react-hook-form';
import { UserPlus } from 'lucide-react';
import type { z } from 'zod';
import {
  CreatePipelineInputSchema,
  PIPELINE_STAGE_LABELS,
  type PipelineSaveResponse,
} from '@recruitdesk/contracts/pipelines';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import { contractResolver } from '../forms';
import { STARTING_STAGES, type StartingStage } from './starting-stage';
import { useCreatePipelineConfirmed } from './status-confirm';

type NewCandidateForm = {
  candidate: {
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    current_title: string;
    current_company: string;
    skills: string;
  };
  stage: StartingStage;
};

const NEW_FIELDS = ['first_name', 'last_name', 'email', 'phone', 'current_title', 'current_company', 'skills'] as const;

/** Enter a new candidate (the essentials) and the starting stage. */
export function NewCandidate({
  roleId,
  onAdded,
}: {
  roleId: number;
  onAdded: (response: PipelineSaveResponse) => void;
}) {
  const { run: create, saving: isLoading, error, dialog } = useCreatePipelineConfirmed();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewCandidateForm, unknown, z.output<typeof CreatePipelineInputSchema>>({
    resolver: contractResolver(CreatePipelineInputSchema, ({ candidate, stage }: NewCandidateForm) => {
      return {
        stage,
        candidate: {
          ...candidate,
          skills: candidate.skills
            .split(',')
            .map((skill) => skill.trim())
            .filter(Boolean),
        },
      };
    }),
    defaultValues: {
      candidate: {
        first_name: '',
        last_name: '',
        email: '',
        phone: '',
        current_title: '',
        current_company: '',
        skills: '',
      },
      stage: 'sourced',
    },
  });
  const fieldError = (name: (typeof NEW_FIELDS)[number]) => {
    const entry = errors.candidate?.[name] as { message?: string } | { message?: string }[] | undefined;
    if (Array.isArray(entry)) return entry.find((item) => item?.message)?.message;
    return entry?.message;
  };
  return (
    <form
      noValidate
      aria-label="Add a new candidate"
      className="space-y-4"
      onSubmit={handleSubmit(async (body) => {
        const result = await create({ roleId, body });
        if (!result) return;
        if (!result.data) {
          applyFieldErrors(
            result.error,
            setError,
            NEW_FIELDS.map((name) => `candidate.${name}` as const),
          );
          return;
        }
        onAdded(result.data);
      })}
    >
      {dialog}
      {error ? <Alert>{errorMessage(error)}</Alert> : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="First name" error={fieldError('first_name')}>
          <Input autoComplete="off" {...register('candidate.first_name')} />
        </Field>
        <Field label="Last name" error={fieldError('last_name')}>
          <Input autoComplete="off" {...register('candidate.last_name')} />
        </Field>
        <Field label="Email" error={fieldError('email')}>
          <Input type="email" autoComplete="off" {...register('candidate.email')} />
        </Field>
        <Field label="Phone" error={fieldError('phone')}>
          <Input type="tel" autoComplete="off" {...register('candidate.phone')} />
        </Field>
        <Field label="Current title" error={fieldError('current_title')}>
          <Input {...register('candidate.current_title')} />
        </Field>
        <Field label="Current company" error={fieldError('current_company')}>
          <Input {...register('candidate.current_company')} />
        </Field>
      </div>
      <Field label="Skills" hint="Separate skills with commas." error={fieldError('skills')}>
        <Input placeholder="TypeScript, React, PostgreSQL" {...register('candidate.skills')} />
      </Field>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field label="Starting stage" error={errors.stage?.message}>
          <Select {...register('stage')}>
            {STARTING_STAGES.map((stage) => (
              <option key={stage} value={stage}>
                {PIPELINE_STAGE_LABELS[stage]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={isLoading}>
          <UserPlus aria-hidden="true" className="size-4" />
          Add candidate
        </Button>
      </div>
    </form>
  );
}
