import type { BreadcrumbLookups, RoleLookup } from '@/components/layouts/breadcrumbs';

const NESTED_NOTES: [RegExp, string][] = [
  [/^\/clients\/(\d+)\/notes\/?$/, 'client'],
  [/^\/roles\/(\d+)\/notes\/?$/, 'role'],
  [/^\/roles\/\d+\/pipelines\/(\d+)\/notes\/?$/, 'pipeline'],
  [/^\/roles\/\d+\/candidates\/(\d+)\/notes\/?$/, 'candidate'],
  [/^\/roles\/\d+\/applications\/(\d+)\/notes\/?$/, 'application'],
  [/^\/candidates\/(\d+)\/notes\/?$/, 'candidate'],
];

/**
 * The record whose notes a notes page shows: /notes/{modelType}/{objectId}, or a record-shaped address
 * such as /roles/{r}/candidates/{c}/notes (decision 083). Undefined elsewhere.
 */
export function notesTargetInPath(pathname: string): { modelType: string; objectId: string } | undefined {
  const generic = /^\/notes\/([a-z]+)\/(\d+)/.exec(pathname);
  if (generic) return { modelType: generic[1]!, objectId: generic[2]! };
  for (const [pattern, modelType] of NESTED_NOTES) {
    const objectId = pattern.exec(pathname)?.[1];
    if (objectId) return { modelType, objectId };
  }
  return undefined;
}

/** The ids a path names, for the breadcrumb lookups. */
export function idsInPath(pathname: string) {
  // /notes/{modelType}/{objectId} names one record of its type.
  const [, noteType, noteId] = /^\/notes\/([a-z]+)\/(\d+)/.exec(pathname) ?? [];
  const noted = (type: string) => (noteType === type ? noteId : undefined);
  return {
    userId: /^\/users\/(\d+)/.exec(pathname)?.[1],
    roleId: /^\/roles?\/(\d+)/.exec(pathname)?.[1] ?? noted('role'),
    clientId: /^\/clients?\/(\d+)/.exec(pathname)?.[1] ?? noted('client'),
    candidateId: /^(?:\/roles\/\d+)?\/candidates\/(\d+)/.exec(pathname)?.[1] ?? noted('candidate'),
    pipelineId: /^\/roles\/\d+\/pipelines\/(\d+)/.exec(pathname)?.[1] ?? noted('pipeline'),
    invoiceId: /^\/(?:role\/\d+\/invoice|client\/\d+\/invoices)\/(\d+)/.exec(pathname)?.[1],
    applicationId: /^\/roles\/\d+\/applications\/(\d+)/.exec(pathname)?.[1],
    contactId: /^\/contacts\/(\d+)/.exec(pathname)?.[1],
    importId: /^\/settings\/imports\/(\d+)/.exec(pathname)?.[1],
  };
}

/** Builds the lookups from what the pages already loaded (one role, one client, one user, one candidate). */
export function makeBreadcrumbLookups(known: {
  role?: { id: string; value: RoleLookup } | undefined;
  client?: { id: string; name: string } | undefined;
  user?: { id: string; name: string } | undefined;
  candidate?: { id: string; name: string } | undefined;
  /** A pipeline is named by its candidate; `roleId` is the role it belongs to. */
  pipeline?: { id: string; name: string; roleId?: number } | undefined;
  invoice?: { id: string; name: string } | undefined;
  /** The application page loaded the application: its applicant, and its role and client. */
  application?:
    | {
        id: string;
        name: string;
        role: { id: number; name: string; state: string };
        client: { id: number; name: string };
      }
    | undefined;
  contact?: { id: string; name: string } | undefined;
  import?: { id: string; name: string } | undefined;
}): BreadcrumbLookups {
  const application = known.application;
  const roleOfApplication = (id: string): RoleLookup | null =>
    application && String(application.role.id) === id
      ? { name: application.role.name, state: application.role.state, client: application.client }
      : null;
  return {
    application: (id) => (application && application.id === id ? { name: application.name } : null),
    candidate: (id) => (known.candidate && known.candidate.id === id ? { name: known.candidate.name } : null),
    role: (id) => (known.role && known.role.id === id ? known.role.value : roleOfApplication(id)),
    client: (id) => (known.client && known.client.id === id ? { name: known.client.name } : null),
    user: (id) => (known.user && known.user.id === id ? { name: known.user.name } : null),
    pipeline: (id) =>
      known.pipeline && known.pipeline.id === id
        ? {
            name: known.pipeline.name,
            ...(known.pipeline.roleId === undefined ? {} : { roleId: known.pipeline.roleId }),
          }
        : null,
    invoice: (id) => (known.invoice && known.invoice.id === id ? { name: known.invoice.name } : null),
    contact: (id) => (known.contact && known.contact.id === id ? { name: known.contact.name } : null),
    import: (id) => (known.import && known.import.id === id ? { name: known.import.name } : null),
  };
}
