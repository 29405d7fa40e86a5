import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { FileSpreadsheet, Plus } from 'lucide-react';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { PageSkeleton } from '@/components/ui/page-skeleton';
import { RecordError } from '@/components/ui/record-error';
import { paths } from '@/config/paths';
import { selectUser } from '@/features/auth/auth-slice';
import { invalidateImportHistory } from '@/features/imports/api';
import { ImportFlow, useImportWithPolling } from '@/features/imports/components/import-flow';
import { ImportHistory } from '@/features/imports/components/import-history';
import { ImportStepper } from '@/features/imports/components/import-stepper';
import { ImportStatusBadge } from '@/features/imports/components/status-badge';
import { UPLOAD_KINDS, UploadStep } from '@/features/imports/components/upload-step';
import { kindLabel } from '@/features/imports/mapping';
import type { ImportKind } from '@/features/imports/types';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { canImport } from '@/lib/permissions';
import { NoAccess } from './no-access';
import { BackLink, idParam } from './route-helpers';

const useImportAllowed = () => canImport(useAppSelector(selectUser));

/** /settings/imports: the history of imports and "New import" (owners and superusers). */
export function ImportsRoute() {
  if (!useImportAllowed()) return <NoAccess />;
  return (
    <div className="space-y-6">
      <BackLink to={paths.app.settings.getHref()}>Settings</BackLink>
      <PageHeader
        title="Import"
        description="Bring candidates, clients and roles in from CSV or XLSX files; undo an import for 7 days."
        actions={
          <Link to={paths.app.importNew.getHref()} className={buttonClasses()}>
            <Plus aria-hidden="true" className="size-4" />
            New import
          </Link>
        }
      />
      <Card className="overflow-hidden" role="region" aria-label="Import history">
        <ImportHistory />
      </Card>
    </div>
  );
}

/** /settings/imports/new[?kind=candidates]: the first step, the upload. */
export function ImportNewRoute() {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const allowed = useImportAllowed();
  if (!allowed) return <NoAccess />;
  const asked = params.get('kind');
  const kind: ImportKind = (UPLOAD_KINDS as readonly string[]).includes(asked ?? '')
    ? (asked as ImportKind)
    : 'candidates';
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <BackLink to={paths.app.imports.getHref()}>All imports</BackLink>
      <PageHeader title="New import" description="Upload a file, match its columns, check the rows, then import." />
      <ImportStepper current="upload" reachable={[]} onSelect={() => undefined} />
      <Card className="p-4 sm:p-6">
        <h2 className="mb-4 text-lg font-semibold text-gray-900 dark:text-white">Upload a file</h2>
        <UploadStep
          key={kind}
          initialKind={kind}
          onUploaded={(entry) => {
            dispatch(invalidateImportHistory());
            navigate(paths.app.import.getHref(entry.id));
          }}
        />
      </Card>
    </div>
  );
}

function ImportPage({ id }: { id: number }) {
  const { data, error, isLoading, isFetching, refetch } = useImportWithPolling(id);
  if (isLoading) return <PageSkeleton variant="detail" />;
  if (error || !data) {
    return (
      <div className="space-y-4">
        <BackLink to={paths.app.imports.getHref()}>All imports</BackLink>
        <RecordError
          icon={FileSpreadsheet}
          what="import"
          error={error}
          onRetry={() => void refetch()}
          retrying={isFetching}
        />
      </div>
    );
  }
  const entry = data.import;
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <BackLink to={paths.app.imports.getHref()}>All imports</BackLink>
      <PageHeader
        title={<span className="break-words">{entry.filename}</span>}
        meta={<ImportStatusBadge status={entry.status} />}
        description={`${kindLabel(entry.kind)} · ${entry.total_rows.toLocaleString('en')} ${entry.total_rows === 1 ? 'row' : 'rows'}${entry.created_by ? ` · by ${entry.created_by.name}` : ''}`}
      />
      <ImportFlow entry={entry} />
    </div>
  );
}

/** /settings/imports/{id}: one import, whatever its stage (mapping, preview, progress, report). */
export function ImportRoute() {
  const allowed = useImportAllowed();
  const id = idParam(useParams().importId);
  if (!allowed) return <NoAccess />;
  if (id === null) {
    return (
      <div className="space-y-4">
        <BackLink to={paths.app.imports.getHref()}>All imports</BackLink>
        <RecordError icon={FileSpreadsheet} what="import" error={null} />
      </div>
    );
  }
  return <ImportPage key={id} id={id} />;
}
