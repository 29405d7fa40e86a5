import { Link } from 'react-router';
import { ArrowDown, ArrowUp, ListChecks, Pencil, Plus, Trash2 } from 'lucide-react';
import { QUALIFICATION_KIND_LABELS, type JobQualification } from '@recruitdesk/contracts/job-qualifications';
import { Badge } from '@/components/ui/badge';
import { Button, buttonClasses } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { QueryError } from '@/components/ui/query-error';
import { Skeleton } from '@/components/ui/skeleton';
import { useConfirmedMutation } from '@/components/ui/use-confirmed-mutation';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError } from '@/lib/notify';
import {
  useDeleteQualificationMutation,
  useListRoleQualificationsQuery,
  useReorderQualificationsMutation,
} from '../api';

/** The ids in their new order after moving one up (-1) or down (+1). */
export function moved(ids: number[], index: number, by: -1 | 1): number[] {
  const target = index + by;
  if (target < 0 || target >= ids.length) return ids;
  const next = [...ids];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The role's qualifications in order, with kind badges; edit, delete and reorder for editors. */
export function QualificationsCard({ roleId, canEdit }: { roleId: number; canEdit: boolean }) {
  const dispatch = useAppDispatch();
  const { data, error, isLoading, isFetching, refetch } = useListRoleQualificationsQuery(roleId);
  const [reorder] = useReorderQualificationsMutation();
  const [remove] = useDeleteQualificationMutation();
  const deleting = useConfirmedMutation({
    run: (q: JobQualification) => remove({ id: q.id, roleId }),
    success: null,
    refusal: 'toast',
  });
  const items = data ? [...data.qualifications].sort((a, b) => a.position - b.position) : [];
  const ids = items.map((q) => q.id);

  const move = async (index: number, by: -1 | 1) => {
    const result = await reorder({ roleId, ids: moved(ids, index, by) });
    if (result.error) dispatch(notifyError(errorMessage(result.error)));
  };

  return (
    <SectionCard
      id="role-qualifications"
      title="Job qualifications"
      description="What the client asks for, most important first."
      action={
        canEdit ? (
          <Link to={paths.app.qualificationAdd.getHref(roleId)} className={buttonClasses('secondary', 'sm')}>
            <Plus aria-hidden="true" className="size-4" />
            Add qualification
          </Link>
        ) : null
      }
      flush
    >
      {isLoading ? (
        <div className="space-y-3 p-5" aria-busy="true">
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
        </div>
      ) : error ? (
        <QueryError
          title="Could not load the qualifications"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      ) : items.length === 0 ? (
        <EmptyState
          icon={ListChecks}
          title="No qualifications yet"
          description="Add the skills and experience this role needs."
        />
      ) : (
        <ol className="divide-y divide-gray-100 dark:divide-white/5" aria-label="Job qualifications">
          {items.map((q, index) => (
            <li key={q.id} className="flex items-start gap-3 px-5 py-3">
              <span className="mt-0.5 w-5 shrink-0 text-right text-xs font-medium text-gray-400 tabular-nums">
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="text-sm font-medium text-gray-900 dark:text-white">{q.name}</p>
                  <Badge tone={q.kind === 'must_have' ? 'brand' : 'gray'}>{QUALIFICATION_KIND_LABELS[q.kind]}</Badge>
                </div>
                {q.description ? (
                  <p className="mt-0.5 text-sm text-gray-500 dark:text-gray-400">{q.description}</p>
                ) : null}
              </div>
              {canEdit ? (
                <div className="flex shrink-0 items-center">
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move up ${q.name}`}
                    title="Move up"
                    disabled={index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    <ArrowUp aria-hidden="true" className="size-4" />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Move down ${q.name}`}
                    title="Move down"
                    disabled={index === items.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    <ArrowDown aria-hidden="true" className="size-4" />
                  </Button>
                  <Link
                    to={paths.app.qualificationEdit.getHref(roleId, q.id)}
                    aria-label={`Edit ${q.name}`}
                    title="Edit"
                    className={buttonClasses('ghost', 'icon')}
                  >
                    <Pencil aria-hidden="true" className="size-4" />
                  </Link>
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Delete ${q.name}`}
                    title="Delete"
                    onClick={() => deleting.ask(q)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <ConfirmDialog
        {...deleting.dialog}
        tone="danger"
        title="Delete this qualification?"
        description={deleting.target ? `'${deleting.target.name}' is removed from the role.` : undefined}
        confirmLabel="Delete qualification"
      />
    </SectionCard>
  );
}
