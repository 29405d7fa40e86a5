import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { AlertTriangle, Search, UserPlus } from 'lucide-react';
import {
  DUPLICATE_REASON_LABELS,
  type CandidateDuplicate,
} from '@recruitdesk/contracts/candidates';
import {
  CreatePipelineInputSchema,
  PIPELINE_STAGE_LABELS,
  type CreatePipelineInput,
  type PipelineSaveResponse,
} from '@recruitdesk/contracts/pipelines';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { textLinkClasses } from '@/components/ui/link';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { SearchInput } from '@/components/ui/search-input';
import { Select } from '@/components/ui/select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useCreatePipelineMutation, useSearchCandidatesToAddQuery } from '../api';
import { contractResolver } from '../forms';
import { RadioCard } from './radio-card';

const STARTING_STAGES = ['sourced', 'internal_interview', 'submit_pending'] as const;
type StartingStage = (typeof STARTING_STAGES)[number];

function StageSelect({
  value,
  onChange,
  id,
}: {
  value: StartingStage;
  onChange: (stage: StartingStage) => void;
  id?: string;
}) {
  return (
    <Select
      id={id}
      value={value}
      onChange={(event) => onChange(event.target.value as StartingStage)}
    >
      {STARTING_STAGES.map((stage) => (
        <option key={stage} value={stage}>
          {PIPELINE_STAGE_LABELS[stage]}
        </option>
      ))}
    </Select>
  );
}

/** Possible duplicates of a newly entered candidate: a warning with links, the save has happened. */
export function DuplicateWarnings({ duplicates }: { duplicates: readonly CandidateDuplicate[] }) {
  if (duplicates.length === 0) return null;
  return (
    <div
      role="status"
      className="rounded-lg bg-amber-50 p-4 text-sm text-amber-900 ring-1 ring-amber-600/20 ring-inset dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-400/25"
    >
      <p className="flex items-center gap-2 font-medium">
        <AlertTriangle aria-hidden="true" className="size-4" />
        {duplicates.length === 1
          ? 'This may be a candidate you already have:'
          : 'These may be candidates you already have:'}
      </p>
      <ul className="mt-2 space-y-1">
        {duplicates.map((duplicate) => (
          <li key={duplicate.id}>
            <Link to={paths.app.candidate.getHref(duplicate.id)} className={textLinkClasses}>
              {duplicate.name}
            </Link>
            {duplicate.email ? ` (${duplicate.email})` : ''} ·{' '}
            {DUPLICATE_REASON_LABELS[duplicate.reason]}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Pick an existing candidate: a debounced search, one choice, the starting stage. */
function ExistingCandidate({
  roleId,
  onAdded,
}: {
  roleId: number;
  onAdded: (response: PipelineSaveResponse) => void;
}) {
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<number | null>(null);
  const [stage, setStage] = useState<StartingStage>('sourced');
  const [touched, setTouched] = useState(false);
  const { data, error, isFetching, isLoading, refetch } = useSearchCandidatesToAddQuery(search);
  const [create, { isLoading: saving, error: saveError }] = useCreatePipelineMutation();
  const stageId = useId();
  const results = data?.results ?? [];
  return (
    <form
      noValidate
      aria-label="Add an existing candidate"
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setTouched(true);
        if (chosen === null) return;
        const result = await create({ roleId, body: { candidate_id: chosen, stage } });
        if (!result.error) onAdded(result.data);
      }}
    >
      <SearchInput
        label="Search candidates"
        placeholder="Search by name, email, title or skill"
        value={search}
        onChange={setSearch}
      />
      <fieldset aria-busy={isFetching || undefined}>
        <legend className="sr-only">Candidates</legend>
        {isLoading ? (
          <div className="space-y-2">
            <Skeleton className="h-14 w-full" />
            <Skeleton className="h-14 w-full" />
          </div>
        ) : error ? (
          <QueryError
            title="Could not search candidates"
            error={error}
            onRetry={() => void refetch()}
            retrying={isFetching}
          />
        ) : results.length === 0 ? (
          <EmptyState
            icon={Search}
            title="No candidates found"
            description={search ? 'Try another search, or enter a new candidate.' : undefined}
          />
        ) : (
          <ul className="max-h-96 space-y-2 overflow-y-auto p-0.5">
            {results.map((candidate) => (
              <li key={candidate.id}>
                <RadioCard
                  name="candidate_id"
                  value={candidate.id}
                  checked={chosen === candidate.id}
                  onChange={() => setChosen(candidate.id)}
                >
                  <span className="min-w-0 text-sm">
                    <span className="block font-medium text-gray-900 dark:text-white">
                      {candidate.name}
                    </span>
                    <span className="block truncate text-gray-500 dark:text-gray-400">
                      {[
                        [candidate.current_title, candidate.current_company]
                          .filter(Boolean)
                          .join(' @ '),
                        candidate.email,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </span>
                  </span>
                </RadioCard>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      {touched && chosen === null ? (
        <p className="text-sm text-red-600 dark:text-red-400">Choose a candidate.</p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label
            htmlFor={stageId}
            className="block text-sm font-medium text-gray-900 dark:text-gray-100"
          >
            Starting stage
          </label>
          <StageSelect id={stageId} value={stage} onChange={setStage} />
        </div>
      </div>
      {saveError ? <Alert>{errorMessage(saveError)}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" loading={saving}>
          Add to pipeline
        </Button>
      </div>
    </form>
  );
}

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
type NewCandidateBody = CreatePipelineInput;

const NEW_FIELDS = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'current_title',
  'current_company',
  'skills',
] as const;

/** Enter a new candidate (the essentials) and the starting stage. */
function NewCandidate({
  roleId,
  onAdded,
}: {
  roleId: number;
  onAdded: (response: PipelineSaveResponse) => void;
}) {
  const [create, { isLoading, error }] = useCreatePipelineMutation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NewCandidateForm, unknown, NewCandidateBody>({
    resolver: contractResolver<NewCandidateForm, NewCandidateBody>(
      CreatePipelineInputSchema as never,
      ({ candidate, stage }) => {
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
      },
    ),
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
    const entry = errors.candidate?.[name] as
      { message?: string } | { message?: string }[] | undefined;
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
        if (result.error) {
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

const tabClasses =
  'rounded-md px-3 py-1.5 text-sm font-medium text-gray-600 outline-none hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-selected:bg-white data-selected:text-gray-900 data-selected:shadow-xs dark:text-gray-400 dark:hover:text-white dark:data-selected:bg-white/10 dark:data-selected:text-white';

/** /roles/{roleId}/pipelines/create: an existing candidate or a new one, into this role's pipeline. */
export function AddCandidatePage({
  role,
}: {
  role: { id: number; name: string; state: string; client: { id: number; name: string } };
}) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [added, setAdded] = useState<PipelineSaveResponse | null>(null);
  const onAdded = (response: PipelineSaveResponse) => {
    dispatch(notifySuccess(`${response.pipeline.candidate.name} was added to ${role.name}.`));
    if (response.duplicates.length > 0) setAdded(response);
    else void navigate(paths.app.pipelines.getHref(role.id));
  };
  return (
    <div className="mx-auto max-w-3xl space-y-5">
      <PageHeader
        title={`Add candidate to ${role.name}`}
        description={
          <Link
            to={paths.app.client.getHref(role.client.id)}
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            {role.client.name}
          </Link>
        }
      />
      {role.state === 'closed' ? (
        <Alert>This role is closed. Reopen it to add candidates.</Alert>
      ) : null}
      <Card className="p-5">
        {added ? (
          <div className="space-y-4">
            <Alert tone="success">{`${added.pipeline.candidate.name} was added to the pipeline.`}</Alert>
            <DuplicateWarnings duplicates={added.duplicates} />
            <div className="flex flex-wrap justify-end gap-2">
              <Link
                to={paths.app.pipeline.getHref(role.id, added.pipeline.id)}
                className={buttonClasses('secondary')}
              >
                Open the pipeline
              </Link>
              <Link to={paths.app.pipelines.getHref(role.id)} className={buttonClasses('primary')}>
                Go to the board
              </Link>
            </div>
          </div>
        ) : (
          <TabGroup>
            <TabList
              aria-label="How to add the candidate"
              className="mb-5 inline-flex gap-1 rounded-lg bg-gray-100 p-1 dark:bg-white/5"
            >
              <Tab className={tabClasses}>Existing candidate</Tab>
              <Tab className={tabClasses}>New candidate</Tab>
            </TabList>
            <TabPanels>
              <TabPanel unmount={false}>
                <ExistingCandidate roleId={role.id} onAdded={onAdded} />
              </TabPanel>
              <TabPanel unmount={false}>
                <NewCandidate roleId={role.id} onAdded={onAdded} />
              </TabPanel>
            </TabPanels>
          </TabGroup>
        )}
      </Card>
    </div>
  );
}
