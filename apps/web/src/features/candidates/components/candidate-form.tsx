// Over 400 lines: one form (the candidate, the resume picker, the duplicate check) whose parts share the form's state.
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { FileText, X } from 'lucide-react';
import {
  CANDIDATE_STATUS_LABELS,
  CANDIDATE_STATUSES,
  MAX_CANDIDATE_SKILLS,
} from '@recruitdesk/contracts/candidate-constants';
import type { ParsedResume } from '@recruitdesk/contracts/resumes';
import type {
  Candidate,
  CandidateDuplicate,
  CandidateInput,
  CandidateInputParsed,
} from '@recruitdesk/contracts/candidates';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormActions } from '@/components/ui/form-actions';
import { DraftRestored } from '@/components/ui/draft-restored';
import { DuplicateWarning } from '@/components/ui/duplicate-warning';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NumberField } from '@/components/ui/number-field';
import { CurrencySelect } from '@/components/ui/currency-select';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { applyFieldErrors } from '@/lib/form-errors';
import { useFormDraft } from '@/lib/form-draft';
import { formatBytes } from '@/lib/format';
import { lazySchemaResolver } from '@/lib/lazy-resolver';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import {
  useCheckCandidateDuplicatesQuery,
  useCreateCandidateMutation,
  useUpdateCandidateMutation,
  useUploadResumeMutation,
  type CandidateDuplicateParams,
} from '../api';
import { checkResumeFile, RESUME_ACCEPT, resumeTypeOf } from '../resume-rules';
import {
  planResumeFill,
  type ResumeConflict,
  type ResumeFill,
  type ResumeFillField,
  type ResumeFillValue,
} from '../resume-fill';
import { FromResumeBadge, ResumeConflictDialog, ResumeFillZone } from './resume-fill';
import { addSkills, SkillsInput } from './skills-input';

// The schema (and zod) loads when the form is first validated.
const candidateFormResolver = lazySchemaResolver(() =>
  import('@recruitdesk/contracts/candidates').then((module) => module.CandidateInputSchema),
);

const FIELD_NAMES: Path<CandidateInput>[] = [
  'first_name',
  'last_name',
  'email',
  'phone',
  'location',
  'current_title',
  'current_company',
  'linkedin_url',
  'github_url',
  'portfolio_url',
  'skills',
  'years_experience',
  'desired_salary',
  'desired_salary_currency',
  'status',
  'source',
  'consent_date',
];

/** Where candidates usually come from (free text: anything else can be typed). */
const SOURCE_SUGGESTIONS = [
  'LinkedIn',
  'Referral',
  'Job board',
  'Company website',
  'Agency database',
  'Event',
  'Indeed',
];

const DUPLICATE_CHECK_DELAY_MS = 400;

/** Empty number and date inputs mean "not set" (null). */
const numberOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : Number(value));
const textOrNull = (value: unknown) => (value === '' || value === null || value === undefined ? null : value);

function valuesFor(candidate: Candidate | undefined, defaultCurrency: string | undefined): CandidateInput {
  return {
    first_name: candidate?.first_name ?? '',
    last_name: candidate?.last_name ?? '',
    email: candidate?.email ?? '',
    phone: candidate?.phone ?? '',
    location: candidate?.location ?? '',
    current_title: candidate?.current_title ?? '',
    current_company: candidate?.current_company ?? '',
    linkedin_url: candidate?.linkedin_url ?? '',
    github_url: candidate?.github_url ?? '',
    portfolio_url: candidate?.portfolio_url ?? '',
    skills: candidate?.skills ?? [],
    years_experience: candidate?.years_experience ?? null,
    desired_salary: candidate?.desired_salary ?? null,
    // Blank: the server uses the agency's currency.
    desired_salary_currency: candidate?.desired_salary_currency ?? defaultCurrency ?? '',
    status: candidate?.status ?? 'active',
    source: candidate?.source ?? '',
    consent_date: candidate?.consent_date ?? null,
  };
}

/** Whether a field still holds the value read from the resume (same text ignoring case and spaces). */
function sameValue(current: ResumeFillValue | null | undefined, filled: ResumeFillValue): boolean {
  if (Array.isArray(filled))
    return Array.isArray(current) && current.length === filled.length && current.every((item, i) => item === filled[i]);
  if (current === null || current === undefined) return false;
  return String(current).trim().toLowerCase() === String(filled).trim().toLowerCase();
}

/** The pre-save duplicate check's query, or null while there is not enough to go on. */
export function duplicateQueryFor(
  values: Partial<Pick<CandidateInput, 'first_name' | 'last_name' | 'email' | 'phone' | 'current_company'>>,
  excludeId?: number,
): CandidateDuplicateParams | null {
  const first = values.first_name?.trim() ?? '';
  const last = values.last_name?.trim() ?? '';
  const email = values.email?.trim() ?? '';
  const phone = values.phone?.trim() ?? '';
  const company = values.current_company?.trim() ?? '';
  const emailUsable = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
  const phoneUsable = phone.replace(/\D/g, '').length >= 6;
  if (!emailUsable && !phoneUsable && !(first && last)) return null;
  const query: CandidateDuplicateParams = {};
  if (emailUsable) query.email = email;
  if (phoneUsable) query.phone = phone;
  if (first) query.first_name = first;
  if (last) query.last_name = last;
  if (company) query.current_company = company;
  if (excludeId) query.exclude_id = excludeId;
  return query;
}

/** Where the form's draft is kept: per candidate, or one for a new candidate. */
export const candidateDraftKey = (candidate: Pick<Candidate, 'id'> | undefined) =>
  candidate ? `candidate:${candidate.id}` : 'candidate:new';

export interface CandidateSaved {
  candidate: Candidate;
  /** Records the server found that look like the same person (the save happened anyway). */
  duplicates: CandidateDuplicate[];
  /** Set when the candidate was saved but the chosen resume could not be uploaded. */
  resumeError: string | null;
}

/** The resume chosen on the form: checked here, uploaded right after the candidate is saved. */
function ResumePicker({
  file,
  onChange,
  replaces = false,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  /** The candidate already has a resume: the chosen file replaces it. */
  replaces?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
        Resume
      </label>
      {file ? (
        <div className="flex items-center justify-between gap-3 rounded-lg bg-gray-50 px-3 py-2 ring-1 ring-gray-200 ring-inset dark:bg-white/5 dark:ring-white/10">
          <div className="flex min-w-0 items-center gap-2">
            <FileText aria-hidden="true" className="size-4 shrink-0 text-brand-600 dark:text-brand-400" />
            <span className="truncate text-sm text-gray-900 dark:text-white">{file.name}</span>
            <span className="shrink-0 text-xs text-gray-500 dark:text-gray-400">{formatBytes(file.size)}</span>
          </div>
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Remove ${file.name}`}
            title="Remove file"
            onClick={() => onChange(null)}
          >
            <X aria-hidden="true" className="size-4" />
          </Button>
        </div>
      ) : null}
      <input
        ref={inputRef}
        id={id}
        type="file"
        accept={RESUME_ACCEPT}
        aria-describedby={`${id}-hint${problem ? ` ${id}-error` : ''}`}
        className="block w-full text-sm text-gray-600 file:mr-3 file:rounded-lg file:border-0 file:bg-brand-50 file:px-3 file:py-2 file:text-sm file:font-medium file:text-brand-700 hover:file:bg-brand-100 dark:text-gray-400 dark:file:bg-brand-500/10 dark:file:text-brand-300"
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          if (inputRef.current) inputRef.current.value = '';
          if (!chosen) return;
          const message = checkResumeFile(chosen);
          setProblem(message);
          onChange(message ? null : chosen);
        }}
      />
      <p id={`${id}-hint`} className="text-xs text-gray-500 dark:text-gray-400">
        PDF or DOCX, up to 10 MB. Uploaded once the candidate is saved
        {replaces ? ' (it replaces the current resume)' : ''}.
      </p>
      {problem ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-600 dark:text-red-400">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Create or edit a candidate (CandidateInputSchema). While typing, the server is asked whether the person
 * is already on file; a match is a warning with links, never a block. On create, a chosen resume is uploaded
 * right after the candidate is saved.
 */
export function CandidateForm({
  candidate,
  defaultCurrency,
  onSaved,
  onCancel,
  onDirtyChange,
}: {
  candidate?: Candidate;
  /** The agency's currency, preselected for a new candidate's desired salary. */
  defaultCurrency?: string | undefined;
  onSaved: (saved: CandidateSaved) => void;
  onCancel?: () => void;
  /** Told whether the form holds changes (the dialog asks before closing it then). */
  onDirtyChange?: (dirty: boolean) => void;
}) {
  const [create, createState] = useCreateCandidateMutation();
  const [update, updateState] = useUpdateCandidateMutation();
  const [uploadResume, uploadState] = useUploadResumeMutation();
  const [resume, setResume] = useState<File | null>(null);
  // The fields filled from a resume ("Fill from resume"): their value then and where it came from.
  const [filled, setFilled] = useState<Partial<Record<ResumeFillField, ResumeFill>>>({});
  const [conflicts, setConflicts] = useState<ResumeConflict[] | null>(null);
  const [fillSummary, setFillSummary] = useState<string | null>(null);
  const serverError = candidate ? updateState.error : createState.error;
  const form = useForm<CandidateInput, unknown, CandidateInputParsed>({
    resolver: candidateFormResolver,
    defaultValues: valuesFor(candidate, defaultCurrency),
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  // What was typed survives a reload, a closed dialog and an expired session until it is saved.
  const draft = useFormDraft(candidateDraftKey(candidate), form);
  useEffect(() => onDirtyChange?.(isDirty || resume !== null), [isDirty, resume, onDirtyChange]);

  const [first_name, last_name, email, phone, current_company] = useWatch({
    control,
    name: ['first_name', 'last_name', 'email', 'phone', 'current_company'],
  });
  // Once created, the record is on file: the check (refetched because the list changed) must leave it out
  // at once, not after the typing delay, or the form would call the new record a duplicate of itself.
  const [createdId, setCreatedId] = useState<number>();
  const selfId = candidate?.id ?? createdId;
  const duplicateQuery = JSON.stringify(duplicateQueryFor({ first_name, last_name, email, phone, current_company }));
  const settledQuery = useDebouncedValue(duplicateQuery, DUPLICATE_CHECK_DELAY_MS);
  const checkArgs = useMemo(() => {
    const query = JSON.parse(settledQuery) as CandidateDuplicateParams | null;
    return query && selfId ? { ...query, exclude_id: selfId } : query;
  }, [settledQuery, selfId]);
  const { currentData: duplicateCheck } = useCheckCandidateDuplicatesQuery(checkArgs ?? {}, { skip: !checkArgs });
  const duplicates = checkArgs ? (duplicateCheck?.duplicates ?? []).filter((duplicate) => duplicate.id !== selfId) : [];

  const currentCurrency = candidate?.desired_salary_currency ?? defaultCurrency ?? '';

  const watched = useWatch({ control });
  const applyFills = (fills: ResumeFill[]) => {
    for (const fill of fills) {
      // Form values hold what the inputs hold: numbers as numbers, skills as a list.
      form.setValue(fill.field, fill.value as never, { shouldDirty: true, shouldValidate: false });
    }
    setFilled((before) => ({ ...before, ...Object.fromEntries(fills.map((fill) => [fill.field, fill])) }));
  };
  const onResumeParsed = (file: File, parsed: ParsedResume) => {
    const plan = planResumeFill(parsed, form.getValues());
    applyFills(plan.fills);
    // The file read is the one to attach (a PDF or DOCX; a text file only fills the form).
    if (!checkResumeFile(file)) setResume(file);
    const count = plan.fills.length;
    setFillSummary(
      count || plan.conflicts.length
        ? `Filled ${count} ${count === 1 ? 'field' : 'fields'} from ${file.name}. Check the marked fields before saving.`
        : `Nothing new was found in ${file.name}.`,
    );
    setConflicts(plan.conflicts.length ? plan.conflicts : null);
  };
  const resolveConflicts = (fields: ResumeFillField[]) => {
    const chosen = (conflicts ?? []).filter((conflict) => fields.includes(conflict.field));
    applyFills(
      chosen.map(({ current, ...fill }) =>
        fill.field === 'skills' && Array.isArray(current) && Array.isArray(fill.value)
          ? { ...fill, value: addSkills(current, fill.value.join(','), MAX_CANDIDATE_SKILLS) }
          : fill,
      ),
    );
    if (chosen.length)
      setFillSummary((before) =>
        `${before ?? ''} Replaced ${chosen.length} filled ${chosen.length === 1 ? 'field' : 'fields'}.`.trim(),
      );
    setConflicts(null);
  };
  /** The mark of a field whose value is still the one read from the resume. */
  const fromResume = (field: ResumeFillField) => {
    const fill = filled[field];
    if (!fill || !sameValue(watched[field] as ResumeFillValue | null | undefined, fill.value)) return undefined;
    return <FromResumeBadge sources={fill.sources} confidence={fill.confidence} />;
  };

  const onSubmit = async (values: CandidateInputParsed) => {
    const result = candidate ? await update({ id: candidate.id, body: values }) : await create(values);
    if (result.error) {
      applyFieldErrors(result.error, setError, FIELD_NAMES);
      return;
    }
    draft.clear();
    let saved = result.data.candidate;
    if (!candidate) setCreatedId(saved.id);
    let resumeError: string | null = null;
    if (resume) {
      const upload = await uploadResume({ id: saved.id, file: resume, contentType: resumeTypeOf(resume) });
      if (upload.error) resumeError = errorMessage(upload.error);
      else saved = upload.data.candidate;
    }
    onSaved({ candidate: saved, duplicates: result.data.duplicates ?? [], resumeError });
  };

  const hasFieldErrors = Boolean((serverError as { fields?: unknown } | undefined)?.fields);
  const saving = isSubmitting || createState.isLoading || updateState.isLoading || uploadState.isLoading;

  return (
    <form
      noValidate
      onSubmit={handleSubmit(onSubmit)}
      aria-label={candidate ? 'Edit candidate' : 'New candidate'}
      className="space-y-7"
      onFocus={() => candidateFormResolver.preload()}
    >
      {serverError && !hasFieldErrors ? <Alert>{errorMessage(serverError)}</Alert> : null}
      {draft.restored ? <DraftRestored onDiscard={draft.discard} /> : null}
      <ResumeFillZone onParsed={onResumeParsed} summary={fillSummary} />
      {conflicts ? <ResumeConflictDialog conflicts={conflicts} onResolve={resolveConflicts} /> : null}

      <section aria-labelledby="candidate-person" className="space-y-4">
        <h3 id="candidate-person" className="text-sm font-semibold text-gray-900 dark:text-white">
          Person
        </h3>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="First name" error={errors.first_name?.message} labelAside={fromResume('first_name')}>
            <Input autoComplete="off" {...register('first_name')} />
          </Field>
          <Field label="Last name" error={errors.last_name?.message} labelAside={fromResume('last_name')}>
            <Input autoComplete="off" {...register('last_name')} />
          </Field>
          <Field label="Email" error={errors.email?.message} labelAside={fromResume('email')}>
            <Input type="email" inputMode="email" autoComplete="off" {...register('email')} />
          </Field>
          <Field label="Phone" error={errors.phone?.message} labelAside={fromResume('phone')}>
            <Input type="tel" inputMode="tel" autoComplete="off" {...register('phone')} />
          </Field>
          <Field label="Location" error={errors.location?.message} labelAside={fromResume('location')}>
            <Input autoComplete="off" {...register('location')} />
          </Field>
          <Field label="LinkedIn URL" error={errors.linkedin_url?.message} labelAside={fromResume('linkedin_url')}>
            <Input
              type="url"
              inputMode="url"
              placeholder="https://www.linkedin.com/in/"
              {...register('linkedin_url')}
            />
          </Field>
          <Field label="GitHub URL" error={errors.github_url?.message} labelAside={fromResume('github_url')}>
            <Input type="url" inputMode="url" placeholder="https://github.com/" {...register('github_url')} />
          </Field>
          <Field label="Portfolio URL" error={errors.portfolio_url?.message} labelAside={fromResume('portfolio_url')}>
            <Input type="url" inputMode="url" placeholder="https://" {...register('portfolio_url')} />
          </Field>
        </div>
        <DuplicateWarning duplicates={duplicates} newTab />
      </section>

      <section aria-labelledby="candidate-work" className="space-y-4">
        <h3 id="candidate-work" className="text-sm font-semibold text-gray-900 dark:text-white">
          Work
        </h3>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Field label="Current title" error={errors.current_title?.message} labelAside={fromResume('current_title')}>
            <Input {...register('current_title')} />
          </Field>
          <Field
            label="Current company"
            error={errors.current_company?.message}
            labelAside={fromResume('current_company')}
          >
            <Input {...register('current_company')} />
          </Field>
          <NumberField
            label="Years of experience"
            labelAside={fromResume('years_experience')}
            error={errors.years_experience?.message}
            min={0}
            max={70}
            step={1}
            registration={register('years_experience', { setValueAs: numberOrNull })}
          />
          <div className="grid grid-cols-[minmax(0,1fr)_7rem] gap-2">
            <NumberField
              label="Desired salary"
              error={errors.desired_salary?.message}
              decimal
              min={0}
              registration={register('desired_salary', { setValueAs: numberOrNull })}
            />
            <Field label="Currency" error={errors.desired_salary_currency?.message}>
              <CurrencySelect
                including={currentCurrency}
                blankLabel="Agency’s"
                {...register('desired_salary_currency')}
              />
            </Field>
          </div>
          <Controller
            control={control}
            name="skills"
            render={({ field }) => (
              <SkillsInput
                ref={field.ref}
                label="Skills"
                labelAside={fromResume('skills')}
                value={field.value ?? []}
                onChange={field.onChange}
                onBlur={field.onBlur}
                max={MAX_CANDIDATE_SKILLS}
                placeholder="Type a skill and press Enter"
                hint={`Press Enter or a comma after each skill (at most ${MAX_CANDIDATE_SKILLS}).`}
                error={errors.skills?.message ?? errors.skills?.root?.message}
                className="sm:col-span-2"
              />
            )}
          />
        </div>
      </section>

      <section aria-labelledby="candidate-tracking" className="space-y-4">
        <h3 id="candidate-tracking" className="text-sm font-semibold text-gray-900 dark:text-white">
          Tracking
        </h3>
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
          <Field label="Status" error={errors.status?.message}>
            <Select {...register('status')}>
              {CANDIDATE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {CANDIDATE_STATUS_LABELS[status]}
                </option>
              ))}
            </Select>
          </Field>
          <Field label="Source" error={errors.source?.message}>
            <Input list="candidate-source-suggestions" autoComplete="off" {...register('source')} />
          </Field>
          <Field label="Consent date" error={errors.consent_date?.message}>
            <Input
              type="date"
              className="dark:[color-scheme:dark]"
              {...register('consent_date', { setValueAs: textOrNull })}
            />
          </Field>
        </div>
        <datalist id="candidate-source-suggestions">
          {SOURCE_SUGGESTIONS.map((source) => (
            <option key={source} value={source} />
          ))}
        </datalist>
        {candidate && !resume ? null : (
          <ResumePicker file={resume} onChange={setResume} replaces={Boolean(candidate?.resume)} />
        )}
      </section>

      <FormActions
        submitLabel={uploadState.isLoading ? 'Uploading resume…' : candidate ? 'Save changes' : 'Add candidate'}
        saving={saving}
        onCancel={onCancel}
      />
    </form>
  );
}
