import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { FileUp, ListOrdered, Mail, Plus, Upload } from 'lucide-react';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PAGE_TEXT } from '@/config/page-text';
import { paths } from '@/config/paths';
import { selectUser } from '@/features/auth/auth-slice';
import { CandidatesList } from '@/features/candidates/components/candidates-list';
import { MatchingRolesCard } from '@/features/matching/components/matching-roles-card';
import { useGetAgencySettingsQuery } from '@/features/settings/api';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { notifySuccess } from '@/lib/notify';
import { canImport } from '@/lib/permissions';
import { useAddToRole } from './add-to-role';
import { useCanEdit } from './route-helpers';

// The form's code (Headless UI's dialog, the form and its schema) starts on the first "Add candidate",
// not with the list (the list page's start-up, docs/performance.md).
// The bulk email (issue 33) loads on the first "Email selected".
const BulkEmailDialog = lazy(() => import('@/features/messages/components/bulk-email-dialog'));
const EnrolDialog = lazy(() => import('@/features/sequences/components/enrol-dialog'));
const CandidateFormDialog = lazy(() =>
  import('@/features/candidates/components/candidate-form-dialog').then((m) => ({ default: m.CandidateFormDialog })),
);

/** /candidates */
export function CandidatesRoute() {
  const editable = useCanEdit();
  const importing = canImport(useAppSelector(selectUser));
  const dispatch = useAppDispatch();
  const [adding, setAdding] = useState(false);
  // The candidate just created: the open roles that fit them are suggested until dismissed.
  const [created, setCreated] = useState<{ id: number; name: string } | null>(null);
  const addToRole = useAddToRole();
  // Mounted from the first opening on, so closing it still animates.
  const [opened, setOpened] = useState(false);
  const [selected, setSelected] = useState<Map<number, string>>(() => new Map());
  const [emailing, setEmailing] = useState<'email' | 'sequence' | null>(null);
  const { data: agencySettings } = useGetAgencySettingsQuery(undefined, { skip: !editable });
  const startAdding = () => {
    setOpened(true);
    setAdding(true);
  };
  const addButton = (size: 'md' | 'sm') => (
    <Button size={size} variant={size === 'sm' ? 'secondary' : 'primary'} onClick={startAdding}>
      <Plus aria-hidden="true" className="size-4" />
      Add candidate
    </Button>
  );
  return (
    <div className="space-y-6">
      <PageHeader
        title={PAGE_TEXT.candidates.title}
        description={PAGE_TEXT.candidates.description}
        actions={
          editable || importing ? (
            <>
              {importing ? (
                <Link to={paths.app.importNew.getHref('candidates')} className={buttonClasses('secondary')}>
                  <FileUp aria-hidden="true" className="size-4" />
                  Import
                </Link>
              ) : null}
              {editable ? (
                <Link to={paths.app.resumeImport.getHref()} className={buttonClasses('secondary', 'md')}>
                  <Upload aria-hidden="true" className="size-4" />
                  Bulk upload resumes
                </Link>
              ) : null}
              {editable ? addButton('md') : null}
            </>
          ) : null
        }
      />
      {editable && selected.size ? (
        <div
          role="toolbar"
          aria-label="Selected candidates"
          className="flex flex-wrap items-center gap-3 rounded-lg bg-brand-50 px-4 py-2 text-sm text-brand-900 ring-1 ring-brand-200 ring-inset dark:bg-brand-500/10 dark:text-brand-100 dark:ring-brand-400/20"
        >
          <span>{selected.size} selected</span>
          <Button size="sm" onClick={() => setEmailing('email')}>
            <Mail aria-hidden="true" className="size-4" />
            Email selected
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEmailing('sequence')}>
            <ListOrdered aria-hidden="true" className="size-4" />
            Add to sequence
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Map())}>
            Clear selection
          </Button>
        </div>
      ) : null}
      {created ? (
        <MatchingRolesCard
          key={created.id}
          id="suggested-roles"
          title="Suggested roles"
          description={
            <>
              Open roles that fit{' '}
              <Link
                to={paths.app.candidate.getHref(created.id)}
                className="font-medium text-brand-600 hover:underline dark:text-brand-400"
              >
                {created.name}
              </Link>
              , best first.
            </>
          }
          emptyTitle="No open role fits them yet"
          candidateId={created.id}
          limit={3}
          onAdd={(role) => void addToRole.add(role, created.id)}
          action={
            <Button variant="ghost" size="sm" onClick={() => setCreated(null)}>
              Dismiss<span className="sr-only"> suggested roles</span>
            </Button>
          }
        />
      ) : null}
      {addToRole.dialog}
      <Card className="overflow-hidden" role="region" aria-label="Candidate list">
        <CandidatesList
          emptyAction={editable ? addButton('sm') : undefined}
          selection={editable ? { selected, onChange: setSelected } : undefined}
        />
      </Card>
      {emailing ? (
        <Suspense fallback={null}>
          {emailing === 'email' ? (
            <BulkEmailDialog
              candidates={[...selected].map(([id, name]) => ({ id, name }))}
              onClose={() => setEmailing(null)}
            />
          ) : (
            <EnrolDialog
              candidates={[...selected].map(([id, name]) => ({ id, name }))}
              onClose={() => setEmailing(null)}
            />
          )}
        </Suspense>
      ) : null}
      {editable && opened ? (
        <Suspense fallback={null}>
          <CandidateFormDialog
            open={adding}
            defaultCurrency={agencySettings?.settings.currency}
            onClose={() => setAdding(false)}
            onSaved={(candidate) => {
              setAdding(false);
              setCreated({ id: candidate.id, name: candidate.name });
              dispatch(notifySuccess(`${candidate.name} was added.`));
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
