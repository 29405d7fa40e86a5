import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { isNoteModelType } from '@recruitdesk/contracts/note-constants';
import { candidateRecordsApi } from '@/api/candidates';
import { contactsApi } from '@/api/contacts';
import { TopBarTrail } from '@/components/layouts/top-bar';
import { selectSelectedCandidate } from '@/features/candidates/candidates-slice';
import { applicationsApi } from '@/features/applications/api';
import { clientsApi } from '@/features/clients/api';
import { importsApi } from '@/features/imports/api';
import { invoicesApi } from '@/features/invoices/api';
import { notesApi } from '@/features/notes/api';
import { pipelinesApi } from '@/features/pipelines/api';
import { rolesApi } from '@/features/roles/api';
import { usersApi } from '@/features/users/api';
import { useAppSelector } from '@/lib/hooks';
import type { RootState } from '../store';
import { ActiveClientsPanelContainer } from '../active-clients';
import { idsInPath, makeBreadcrumbLookups, notesTargetInPath } from '../breadcrumb-lookups';

// What the signed-in shell fills in after its first paint: feature APIs for breadcrumb names and the Active
// Clients panel (the search and the account menu load on their own). The layout itself is in the main
// chunk and is drawn at once (app-root.tsx); each of these fills its own placeholder, and the page does
// not wait for them. Kept out of the main chunk so the sign-in page stays small.

/** Names for ids in the breadcrumb trail, from what the pages already loaded. */
function useBreadcrumbLookups(pathname: string) {
  const { userId, roleId, clientId, candidateId, pipelineId, invoiceId, applicationId, contactId, importId } =
    idsInPath(pathname);
  const contactName = useAppSelector((state: RootState) =>
    contactId ? contactsApi.endpoints.getContact.select(Number(contactId))(state).data?.contact.name : undefined,
  );
  const importName = useAppSelector((state: RootState) =>
    importId ? importsApi.endpoints.getImport.select(Number(importId))(state).data?.import.filename : undefined,
  );
  // An application page loaded the application, which names its applicant, role and client.
  const application = useAppSelector((state: RootState) =>
    applicationId
      ? applicationsApi.endpoints.getApplication.select(Number(applicationId))(state).data?.application
      : undefined,
  );
  const userName = useAppSelector((state: RootState) =>
    userId ? usersApi.endpoints.getUser.select(Number(userId))(state).data?.user.name : undefined,
  );
  const role = useAppSelector((state: RootState) =>
    roleId ? rolesApi.endpoints.getRole.select(Number(roleId))(state).data?.role : undefined,
  );
  // An invoice page loaded the invoice, which names itself, its client and its role.
  const invoice = useAppSelector((state: RootState) =>
    invoiceId ? invoicesApi.endpoints.getInvoice.select(Number(invoiceId))(state).data?.invoice : undefined,
  );
  const clientName =
    useAppSelector((state: RootState) =>
      clientId ? clientsApi.endpoints.getClient.select(Number(clientId))(state).data?.client.name : undefined,
    ) ?? (invoice && String(invoice.client.id) === clientId ? invoice.client.name : undefined);
  // The candidate the page loaded (the candidates slice keeps the selected one).
  const candidate = useAppSelector(selectSelectedCandidate);
  // On /roles/{id}/candidates/{id} the page loaded the candidate with that role's pipeline.
  const roleCandidateName = useAppSelector((state: RootState) =>
    roleId && candidateId
      ? candidateRecordsApi.endpoints.getCandidateDetail.select({
          id: Number(candidateId),
          roleId: Number(roleId),
        })(state).data?.candidate.name
      : undefined,
  );
  const candidateName =
    (candidateId && candidate && String(candidate.id) === candidateId ? candidate.name : undefined) ??
    roleCandidateName;
  const pipelineName = useAppSelector((state: RootState) =>
    pipelineId
      ? pipelinesApi.endpoints.getPipeline.select(Number(pipelineId))(state).data?.data.candidate.name
      : undefined,
  );
  const pipelineRoleId = useAppSelector((state: RootState) =>
    pipelineId ? pipelinesApi.endpoints.getPipeline.select(Number(pipelineId))(state).data?.data.role.id : undefined,
  );
  // On a notes page (/notes/{modelType}/{objectId} or /clients/{id}/notes and the like) the page loaded
  // the record's name with its notes.
  const noteTarget = notesTargetInPath(pathname);
  const noteTargetLabel = useAppSelector((state: RootState) => {
    if (!noteTarget || !isNoteModelType(noteTarget.modelType)) return undefined;
    // Whichever page of the record's notes the page loaded (the arguments include its paging).
    for (const args of notesApi.util.selectCachedArgsForQuery(state, 'listNotes')) {
      if (args.modelType !== noteTarget.modelType || String(args.objectId) !== noteTarget.objectId) continue;
      const label = notesApi.endpoints.listNotes.select(args)(state).data?.target.label;
      if (label) return label;
    }
    return undefined;
  });
  // Names the pages' own queries gave, else the notes page's label for the record it is about.
  const noteLabelFor = (modelType: string) => (noteTarget?.modelType === modelType ? noteTargetLabel : undefined);
  const candidateLabel = candidateName ?? noteLabelFor('candidate');
  const clientLabel = clientName ?? noteLabelFor('client');
  const pipelineLabel = pipelineName ?? noteLabelFor('pipeline');
  const roleNoteLabel = noteLabelFor('role');
  return useMemo(
    () =>
      makeBreadcrumbLookups({
        candidate: candidateId && candidateLabel ? { id: candidateId, name: candidateLabel } : undefined,
        user: userId && userName ? { id: userId, name: userName } : undefined,
        role:
          roleId && role
            ? {
                id: roleId,
                value: {
                  name: role.name,
                  state: role.state,
                  client: { id: role.client.id, name: role.client.name },
                },
              }
            : roleId && roleNoteLabel
              ? { id: roleId, value: { name: roleNoteLabel } }
              : roleId && invoice?.role && String(invoice.role.id) === roleId
                ? {
                    id: roleId,
                    value: {
                      name: invoice.role.name,
                      client: { id: invoice.client.id, name: invoice.client.name },
                    },
                  }
                : undefined,
        client: clientId && clientLabel ? { id: clientId, name: clientLabel } : undefined,
        pipeline:
          pipelineId && pipelineLabel
            ? {
                id: pipelineId,
                name: pipelineLabel,
                ...(pipelineRoleId === undefined ? {} : { roleId: pipelineRoleId }),
              }
            : undefined,
        invoice: invoiceId && invoice ? { id: invoiceId, name: invoice.number } : undefined,
        application:
          applicationId && application
            ? { id: applicationId, name: application.name, role: application.role, client: application.client }
            : undefined,
        contact: contactId && contactName ? { id: contactId, name: contactName } : undefined,
        import: importId && importName ? { id: importId, name: importName } : undefined,
      }),
    [
      contactId,
      contactName,
      importId,
      importName,
      applicationId,
      application,
      invoiceId,
      invoice,
      userId,
      userName,
      roleId,
      role,
      roleNoteLabel,
      clientId,
      clientLabel,
      candidateId,
      candidateLabel,
      pipelineId,
      pipelineLabel,
      pipelineRoleId,
    ],
  );
}

/** The top bar's trail with the names of the records in the path. */
export function ShellTrail() {
  const { pathname } = useLocation();
  return <TopBarTrail lookups={useBreadcrumbLookups(pathname)} />;
}

export { ActiveClientsPanelContainer };
