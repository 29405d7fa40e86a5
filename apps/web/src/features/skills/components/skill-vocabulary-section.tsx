import { useState, type FormEvent } from 'react';
import { Tags, Trash2 } from 'lucide-react';
import { CreateSkillAliasInputSchema, type SkillAlias } from '@recruitdesk/contracts/resumes';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState, NoMatches } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Pagination } from '@/components/ui/pagination';
import { QueryError } from '@/components/ui/query-error';
import { SearchInput } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { errorMessage, type ApiQueryError } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { useCreateSkillAliasMutation, useDeleteSkillAliasMutation, useListSkillAliasesQuery } from '../api';

type FieldErrors = Partial<Record<'alias' | 'canonical', string>>;

/** The form that adds one alias (owners and superusers). */
function AddAliasForm() {
  const dispatch = useAppDispatch();
  const [create, { isLoading }] = useCreateSkillAliasMutation();
  const [alias, setAlias] = useState('');
  const [canonical, setCanonical] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [banner, setBanner] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBanner(null);
    const parsed = CreateSkillAliasInputSchema.safeParse({ alias, canonical });
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0];
        if ((key === 'alias' || key === 'canonical') && !next[key]) next[key] = issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    const result = await create(parsed.data);
    if (result.error) {
      const fields = (result.error as ApiQueryError).fields;
      if (fields?.alias?.[0] || fields?.canonical?.[0]) {
        setErrors({ alias: fields.alias?.[0], canonical: fields.canonical?.[0] });
      } else setBanner(errorMessage(result.error));
      return;
    }
    dispatch(notifySuccess(`"${result.data.alias.alias}" now reads as ${result.data.alias.canonical}.`));
    setAlias('');
    setCanonical('');
  };

  return (
    <form
      aria-label="Add a skill alias"
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-start"
    >
      <Field label="Alias" error={errors.alias} hint="As people write it, e.g. ReactJS16">
        <Input value={alias} onChange={(event) => setAlias(event.target.value)} maxLength={100} autoComplete="off" />
      </Field>
      <Field label="Skill it stands for" error={errors.canonical} hint="e.g. React">
        <Input
          value={canonical}
          onChange={(event) => setCanonical(event.target.value)}
          maxLength={100}
          autoComplete="off"
        />
      </Field>
      <Button type="submit" loading={isLoading} className="sm:mt-7">
        Add alias
      </Button>
      {banner ? (
        <p role="alert" className="text-sm text-red-600 sm:col-span-3 dark:text-red-400">
          {banner}
        </p>
      ) : null}
    </form>
  );
}

const PAGE_SIZE = 50;

/**
 * Settings → Skills vocabulary: the agency's own skill aliases on top of the built-in list (resume parsing
 * and matching read "JS" as JavaScript, "k8s" as Kubernetes; these add the agency's words). Everyone
 * signed in reads the list; owners and superusers add and delete.
 */
export function SkillVocabularySection({ canEdit }: { canEdit: boolean }) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const query = useListSkillAliasesQuery({ q, page, page_size: PAGE_SIZE });
  const { data, error, isLoading, isFetching, refetch } = query;
  const [remove] = useDeleteSkillAliasMutation();
  const deleting = useConfirmedMutation({
    run: (alias: SkillAlias) => remove(alias.id),
    success: (alias) => `"${alias.alias}" was removed from the vocabulary.`,
  });
  const aliases = data?.aliases ?? [];

  return (
    <div className="space-y-5">
      {canEdit ? <AddAliasForm /> : null}
      <SearchInput
        label="Search aliases"
        value={q}
        onChange={(value) => {
          setQ(value);
          setPage(1);
        }}
        placeholder="Search aliases or skills"
      />
      {isLoading ? (
        <div className="space-y-2" aria-busy="true">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : error ? (
        <QueryError
          title="Could not load the skill aliases"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : aliases.length === 0 ? (
        q ? (
          <NoMatches what="aliases" onClear={() => setQ('')} />
        ) : (
          <EmptyState
            icon={Tags}
            title="No aliases of your own yet"
            description="The built-in list already knows the usual spellings (JS, k8s, Postgres…). Add your agency's words here."
          />
        )
      ) : (
        <>
          <ul
            aria-label="Skill aliases"
            className="divide-y divide-gray-100 rounded-lg ring-1 ring-gray-200 dark:divide-white/5 dark:ring-white/10"
          >
            {aliases.map((alias) => (
              <li key={alias.id} className="flex items-center gap-3 px-4 py-2.5">
                <p className="min-w-0 flex-1 text-sm text-gray-900 dark:text-white">
                  <span className="font-medium break-words">{alias.alias}</span>
                  <span className="text-gray-500 dark:text-gray-400"> → </span>
                  <span className="break-words">{alias.canonical}</span>
                  {alias.created_by ? (
                    <span className="block text-xs text-gray-500 dark:text-gray-400">
                      Added by {alias.created_by.name}
                    </span>
                  ) : null}
                </p>
                {canEdit ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete the alias ${alias.alias}`}
                    title="Delete"
                    onClick={() => deleting.ask(alias)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
          {(data?.count ?? 0) > PAGE_SIZE ? (
            <Pagination
              page={page}
              pageSize={PAGE_SIZE}
              total={data?.count ?? 0}
              onPageChange={setPage}
              busy={isFetching}
              noun={data?.count === 1 ? 'alias' : 'aliases'}
            />
          ) : null}
        </>
      )}
      <ConfirmDialog
        {...deleting.dialog}
        tone="danger"
        title="Delete this alias?"
        description={
          deleting.target
            ? `Resumes and matching will no longer read "${deleting.target.alias}" as ${deleting.target.canonical}.`
            : undefined
        }
        confirmLabel="Delete alias"
      />
    </div>
  );
}
