import { Navigate, useParams } from 'react-router';
import { StickyNote } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@recruitdesk/contracts/common';
import { isNoteModelType, type NoteModelType } from '@recruitdesk/contracts/notes';
import { paths } from '@/config/paths';
import { useListNotesQuery } from '@/features/notes/api';
import { NotesPanel } from '@/features/notes/components/notes-panel';
import { useGetApplicationQuery } from '@/features/applications/api';
import { useGetPipelineQuery } from '@/features/pipelines/api';
import { pageFrom, pageSizeFrom } from '@/lib/pagination';
import { useUrlPaging, useUrlParams } from '@/lib/use-url-params';
import { BackLink, idParam, useCanEdit } from './route-helpers';
import { RecordError } from '@/components/ui/record-error';

/*
 * Every all-notes page lives at the spec's one pattern, /notes/{modelType}/{objectId} (decision 027).
 * The record-shaped addresses (/clients/{id}/notes, /roles/{id}/notes, /roles/{r}/pipelines/{p}/notes,
 * /roles/{r}/candidates/{c}/notes, /roles/{r}/applications/{a}/notes, /candidates/{id}/notes) and the
 * plural spelling (/notes/clients/{id}) redirect to it, replacing the history entry.
 */

const BACK: Partial<Record<NoteModelType, (id: number) => string>> = {
  client: (id) => paths.app.client.getHref(id),
  role: (id) => paths.app.role.getHref(id),
  candidate: (id) => paths.app.candidate.getHref(id),
};

function NotesPage({ modelType, objectId }: { modelType: NoteModelType; objectId: number }) {
  const editable = useCanEdit();
  const [params, update] = useUrlParams('push');
  // The same query as the panel's page, so the heading's label comes from the cache.
  const { data, error, isFetching } = useListNotesQuery({
    modelType,
    objectId,
    page: pageFrom(params),
    page_size: pageSizeFrom(params, DEFAULT_PAGE_SIZE),
  });
  const paging = useUrlPaging(params, update, DEFAULT_PAGE_SIZE, data && !isFetching ? data.count : undefined);
  // A pipeline's page sits under its role: the pipeline names it.
  const pipeline = useGetPipelineQuery(objectId, { skip: modelType !== 'pipeline' }).data?.data;
  // So does an application's.
  const application = useGetApplicationQuery(objectId, { skip: modelType !== 'application' }).data?.application;
  const back = pipeline
    ? paths.app.pipeline.getHref(pipeline.role.id, objectId)
    : application
      ? paths.app.application.getHref(application.role.id, objectId)
      : BACK[modelType]?.(objectId);
  if (error && 'status' in error && error.status === 404)
    return <RecordError icon={StickyNote} what="record" error={error} />;
  return (
    <div className="mx-auto max-w-3xl space-y-4">
      {back ? <BackLink to={back}>{`Back to ${data?.target.label ?? modelType}`}</BackLink> : null}
      <h2 className="text-2xl font-semibold tracking-tight text-gray-900 dark:text-white">
        Notes{data ? ` on ${data.target.label}` : ''}
      </h2>
      <NotesPanel
        target={{ modelType, objectId }}
        canWrite={editable}
        title="All notes"
        paging={{
          page: paging.page,
          pageSize: paging.pageSize,
          onPageChange: paging.setPage,
          onPageSizeChange: paging.setPageSize,
        }}
      />
    </div>
  );
}

/** /notes/{modelType}/{objectId}: the one address of a record's notes. */
export function NotesRoute() {
  const { modelType = '', objectId } = useParams();
  const id = idParam(objectId);
  const singular = modelType.endsWith('s') ? modelType.slice(0, -1) : modelType;
  if (id && !isNoteModelType(modelType) && isNoteModelType(singular)) {
    return <Navigate to={paths.app.notes.getHref(singular, id)} replace />;
  }
  return id && isNoteModelType(modelType) ? (
    <NotesPage modelType={modelType} objectId={id} />
  ) : (
    <RecordError icon={StickyNote} what="record" error={null} />
  );
}

/** An older or record-shaped notes address: sends the visitor on to /notes/{modelType}/{objectId}. */
export function NotesRedirect({ modelType, param }: { modelType: NoteModelType; param: string }) {
  const id = idParam(useParams()[param]);
  return id ? (
    <Navigate to={paths.app.notes.getHref(modelType, id)} replace />
  ) : (
    <RecordError icon={StickyNote} what="record" error={null} />
  );
}
