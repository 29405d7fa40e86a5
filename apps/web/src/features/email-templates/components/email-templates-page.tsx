import { useState } from 'react';
import { Eye, FileText, Plus } from 'lucide-react';
import type { EmailTemplate } from '@recruitdesk/contracts/messages';
import { useDeleteEmailTemplateMutation, useListEmailTemplatesQuery } from '@/api/email';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EditDeleteButtons } from '@/components/ui/edit-delete-buttons';
import { Card } from '@/components/ui/card';
import { ConfirmDeleteDialog } from '@/components/ui/dialog';
import { EmptyState, NoMatches } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { QueryError } from '@/components/ui/query-error';
import { SearchInput, ToolbarSelect } from '@/components/ui/search-input';
import { Skeleton } from '@/components/ui/skeleton';
import { DateText } from '@/components/ui/time';
import { TemplateFormDialog } from './template-form-dialog';
import { TemplatePreviewDialog } from './template-preview-dialog';

type Dialog = { kind: 'new' } | { kind: 'edit' | 'delete' | 'preview'; template: EmailTemplate } | null;

/** Settings → Email templates: the agency's shared templates and the user's own. */
export function EmailTemplatesPage({ canEdit }: { canEdit: boolean }) {
  const [q, setQ] = useState('');
  const [scope, setScope] = useState('all');
  const params: { q?: string; scope?: string } = {};
  if (q) params.q = q;
  if (scope !== 'all') params.scope = scope;
  const { data: templates = [], error, isLoading, isFetching, refetch } = useListEmailTemplatesQuery(params);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [remove, removing] = useDeleteEmailTemplateMutation();
  const filtered = Boolean(q) || scope !== 'all';

  let body;
  if (isLoading) {
    body = (
      <div className="space-y-3 p-5" aria-busy="true">
        <span className="sr-only">Loading templates…</span>
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    );
  } else if (error) {
    body = (
      <QueryError
        title="Could not load the templates"
        error={error}
        onRetry={() => void refetch()}
        retrying={isFetching}
      />
    );
  } else if (!templates.length) {
    body = filtered ? (
      <NoMatches
        what="templates"
        onClear={() => {
          setQ('');
          setScope('all');
        }}
      />
    ) : (
      <EmptyState
        icon={FileText}
        title="No templates yet"
        description="Write the emails you send often once, with merge fields for the candidate, role and client."
        action={
          canEdit ? (
            <Button size="sm" variant="secondary" onClick={() => setDialog({ kind: 'new' })}>
              <Plus aria-hidden="true" className="size-4" />
              New template
            </Button>
          ) : undefined
        }
      />
    );
  } else {
    body = (
      <ul aria-label="Email templates" className="divide-y divide-gray-100 dark:divide-white/5">
        {templates.map((t) => (
          <li key={t.id} className="flex flex-col gap-3 px-5 py-4 sm:flex-row sm:items-center">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-medium text-gray-900 dark:text-white">{t.name}</p>
                <Badge tone={t.scope === 'shared' ? 'brand' : 'gray'}>
                  {t.scope === 'shared' ? 'Shared' : 'Personal'}
                </Badge>
                {t.purpose === 'submittal' ? <Badge tone="violet">Submittal</Badge> : null}
              </div>
              <p className="mt-0.5 truncate text-sm text-gray-600 dark:text-gray-400">{t.subject}</p>
              <p className="text-xs text-gray-500 dark:text-gray-400">
                {t.owner ? `${t.owner.name} · ` : ''}updated <DateText value={t.updated_at} />
              </p>
            </div>
            <div className="flex flex-wrap gap-2">
              <Button
                size="sm"
                variant="secondary"
                aria-label={`Preview ${t.name}`}
                onClick={() => setDialog({ kind: 'preview', template: t })}
              >
                <Eye aria-hidden="true" className="size-4" />
                Preview
              </Button>
              {t.can_edit ? (
                <EditDeleteButtons
                  name={t.name}
                  onEdit={() => setDialog({ kind: 'edit', template: t })}
                  onDelete={() => setDialog({ kind: 'delete', template: t })}
                />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <PageHeader
        title="Email templates"
        description="Shared templates are for everyone at the agency; personal ones only for you."
        actions={
          canEdit ? (
            <Button onClick={() => setDialog({ kind: 'new' })}>
              <Plus aria-hidden="true" className="size-4" />
              New template
            </Button>
          ) : null
        }
      />
      <Card className="overflow-hidden">
        <div className="flex flex-col gap-3 border-b border-gray-200 px-4 py-3 sm:flex-row sm:items-end dark:border-white/10">
          <SearchInput label="Search templates" value={q} onChange={setQ} className="sm:flex-1" />
          <ToolbarSelect
            label="Show"
            value={scope}
            onChange={setScope}
            className="sm:w-40"
            options={[
              { value: 'all', label: 'All' },
              { value: 'shared', label: 'Shared' },
              { value: 'personal', label: 'Personal' },
            ]}
          />
        </div>
        {body}
      </Card>
      {dialog?.kind === 'new' || dialog?.kind === 'edit' ? (
        <TemplateFormDialog
          open
          template={dialog.kind === 'edit' ? dialog.template : undefined}
          canShare={canEdit}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'preview' ? (
        <TemplatePreviewDialog template={dialog.template} onClose={() => setDialog(null)} />
      ) : null}
      <ConfirmDeleteDialog
        item={dialog?.kind === 'delete' ? dialog.template : null}
        noun="template"
        description="Emails already sent from it stay as they are."
        onClose={() => setDialog(null)}
        onDelete={remove}
        loading={removing.isLoading}
        error={removing.error}
      />
    </div>
  );
}
