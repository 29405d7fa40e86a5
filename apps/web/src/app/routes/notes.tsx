import { skipToken } from '@reduxjs/toolkit/query';
import { Navigate, useLocation, useParams } from 'react-router';
import { StickyNote } from 'lucide-react';
import { DEFAULT_PAGE_SIZE } from '@recruitdesk/contracts/common';
import { isNoteModelType, type NoteModelType } from '@recruitdesk/contracts/notes';
import { paths } from '@/config/paths';
import { useListNotesQuery } from '@/features/notes/api';
import { NotesPanel } from '@/features/notes/components/notes-panel';
import { useGetApplicationQuery } from '@/features/applications/api';
import { useGetPipelineQuery } from '@/features/pipelines/api';
import { useGetRoleQuery } from '@/features/roles/api';
import { pageFrom, pageSizeFrom } from '@/lib/pagination';
import { useUrlPaging, useUrlParams } from '@/lib/use-url-params';
import { BackLink, idParam, useCanEdit } from './route-helpers';
import { RecordError } from '@/components/ui/record-error';

/*
 * A record's all-notes page, at the spec's generic pattern /notes/{modelType}/{objectId} and at its
 * record-shaped addresses (/clients/{id}/notes, /roles/{id}/notes, /roles/{r}/pipelines/{p}/notes,
 * /roles/{r}/candidates/{c}/notes, /roles/{r}/applications/{a}/notes, /candidates/{id}/notes), which stay
 * where they are and take their breadcrumb from the path (decision 083). Only the plural spelling
 * (/notes/clients/{id}) redirects, replacing the history entry.
 */

const BACK: Partial<Record<NoteModelType, (id: number) => string>> = {
  client: (id) => paths.app.client.getHref(id),
  role: (id) => paths.app.role.getHref(id),
  candidate: (id) => paths.app.candidate.getHref(id),
};

function NotesPage({
  modelType,
  objectId,
  backTo,
}: {
  modelType: NoteModelType;
  objectId: number;
  /** Where the back link goes: on a record-shaped address, the record's page that address sits under. */
  backTo?: string;
}) {
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
  const back = backTo
    ? backTo
    : pipeline
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

/**
 * A record-shaped notes address (/roles/{r}/candidates/{c}/notes and the like): the same page, left at its
 * address; the back link goes to the page the address sits under. The role in the path is loaded too, so
 * the breadcrumb names it (role › candidate › notes).
 */
export function NestedNotesRoute({ modelType, param }: { modelType: NoteModelType; param: string }) {
  const params = useParams();
  const { pathname } = useLocation();
  const id = idParam(params[param]);
  const roleId = idParam(params.roleId);
  useGetRoleQuery(roleId ?? skipToken);
  return id ? (
    <NotesPage modelType={modelType} objectId={id} backTo={pathname.replace(/\/notes\/?$/, '')} />
  ) : (
    <RecordError icon={StickyNote} what="record" error={null} />
  );
}
