import { Fragment } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight } from 'lucide-react';

export type BreadcrumbKind =
  | 'jobs-active'
  | 'jobs-closed'
  | 'client'
  | 'clients'
  | 'role'
  | 'edit'
  | 'job-qualification'
  | 'stages'
  | 'stage'
  | 'candidates'
  | 'candidate'
  | 'application'
  | 'notes'
  | 'create'
  | 'invoices'
  | 'invoice'
  | 'users'
  | 'user'
  | 'contacts'
  | 'contact'
  | 'page';

export interface Breadcrumb {
  kind: BreadcrumbKind;
  label: string;
  /** Absent on the last crumb (the current page). */
  href?: string;
}

export interface RoleLookup {
  name: string;
  state?: string | null;
  client?: { id: number | string; name: string } | null;
}

/** Names for ids in the path; later features supply them (from their RTK Query caches). */
export interface BreadcrumbLookups {
  role?: (id: string) => RoleLookup | null | undefined;
  client?: (id: string) => { name: string } | null | undefined;
  candidate?: (id: string) => { name: string } | null | undefined;
  /** A pipeline is named by its candidate; its role places it in the trail when known. */
  pipeline?: (id: string) => { name: string; roleId?: number | string } | null | undefined;
  user?: (id: string) => { name: string } | null | undefined;
  /** An invoice is named by its number (INV-YYYY-NNNN). */
  invoice?: (id: string) => { name: string } | null | undefined;
  /** An application is named by its applicant. */
  application?: (id: string) => { name: string } | null | undefined;
  /** A client's contact, by their name. */
  contact?: (id: string) => { name: string } | null | undefined;
  /** An import (Settings → Import), by its file's name. */
  import?: (id: string) => { name: string } | null | undefined;
}

const LABELS = {
  'jobs-active': 'Active Jobs',
  'jobs-closed': 'Closed Roles',
  clients: 'Clients',
  edit: 'Edit',
  'job-qualification': 'Job qualification',
  // The same name as the role page's 'Open pipeline board' (issue 16 item 18: one name for one thing).
  stages: 'Pipeline board',
  candidates: 'Candidates',
  application: 'Application',
  notes: 'Notes',
  create: 'Create',
  invoices: 'Invoices',
  users: 'Users',
  contacts: 'Contacts',
} as const;

const idLabel = (id: string) => `#${id}`;

function humanise(segment: string): string {
  const text = decodeURIComponent(segment).replace(/[-_]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : segment;
}

/** The trail for a role: jobs-active or jobs-closed (by the role's state), its client, the role. */
function roleTrail(roleId: string, lookups: BreadcrumbLookups): Breadcrumb[] {
  const role = lookups.role?.(roleId);
  const closed = role?.state?.toLowerCase() === 'closed';
  const trail: Breadcrumb[] = [
    closed
      ? { kind: 'jobs-closed', label: LABELS['jobs-closed'], href: '/jobs/closed' }
      : { kind: 'jobs-active', label: LABELS['jobs-active'], href: '/jobs/active' },
  ];
  if (role?.client) {
    trail.push({ kind: 'client', label: role.client.name, href: `/clients/${role.client.id}` });
  }
  trail.push({ kind: 'role', label: role?.name || idLabel(roleId), href: `/roles/${roleId}` });
  return trail;
}

function clientTrail(clientId: string, lookups: BreadcrumbLookups): Breadcrumb[] {
  return [
    { kind: 'clients', label: LABELS.clients, href: '/clients' },
    {
      kind: 'client',
      label: lookups.client?.(clientId)?.name || idLabel(clientId),
      href: `/clients/${clientId}`,
    },
  ];
}

const isId = (s: string | undefined): s is string => !!s && /^\d+$/.test(s);

/** /notes/{modelType}/{objectId}: the trail of the record the notes are about (its page links back). */
function noteTargetTrail(modelType: string, id: string, lookups: BreadcrumbLookups): Breadcrumb[] {
  switch (modelType) {
    case 'client':
      return clientTrail(id, lookups);
    case 'role':
      return roleTrail(id, lookups);
    case 'candidate':
      return [
        { kind: 'candidates', label: LABELS.candidates, href: '/candidates' },
        {
          kind: 'candidate',
          label: lookups.candidate?.(id)?.name || idLabel(id),
          href: `/candidates/${id}`,
        },
      ];
    case 'pipeline': {
      const pipeline = lookups.pipeline?.(id);
      const roleId = pipeline?.roleId === undefined ? undefined : String(pipeline.roleId);
      if (!roleId) return [{ kind: 'stage', label: pipeline?.name || idLabel(id) }];
      return [
        ...roleTrail(roleId, lookups),
        { kind: 'stages', label: LABELS.stages, href: `/roles/${roleId}/pipelines` },
        {
          kind: 'stage',
          label: pipeline?.name || idLabel(id),
          href: `/roles/${roleId}/pipelines/${id}`,
        },
      ];
    }
    default:
      return [{ kind: 'page', label: `${humanise(modelType)} ${idLabel(id)}` }];
  }
}

/**
 * Builds the breadcrumb trail for a path that has no fixed title (spec §2). Pure: ids are named through
 * the optional lookups, else shown as '#id'. The last crumb carries no href.
 */
export function buildBreadcrumbs(pathname: string, lookups: BreadcrumbLookups = {}): Breadcrumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const [first, second, third, fourth, fifth] = segments;
  let trail: Breadcrumb[];

  if (first === 'roles' && second === 'create') {
    trail = [
      { kind: 'jobs-active', label: LABELS['jobs-active'], href: '/jobs/active' },
      { kind: 'create', label: LABELS.create },
    ];
  } else if (first === 'roles' && isId(second)) {
    trail = roleTrail(second, lookups);
    const roleHref = `/roles/${second}`;
    if (third === 'edit') trail.push({ kind: 'edit', label: LABELS.edit });
    else if (third === 'notes') trail.push({ kind: 'notes', label: LABELS.notes });
    else if (third === 'job-qualification') {
      trail.push({ kind: 'job-qualification', label: LABELS['job-qualification'] });
      if (fourth === 'add') trail.push({ kind: 'create', label: 'Add' });
      else if (isId(fourth) && fifth === 'edit') trail.push({ kind: 'edit', label: LABELS.edit });
    } else if (third === 'pipelines') {
      trail.push({ kind: 'stages', label: LABELS.stages, href: `${roleHref}/pipelines` });
      if (fourth === 'create') trail.push({ kind: 'create', label: LABELS.create });
      else if (isId(fourth)) {
        trail.push({
          kind: 'stage',
          label: lookups.pipeline?.(fourth)?.name || idLabel(fourth),
          href: `${roleHref}/pipelines/${fourth}`,
        });
        if (fifth === 'notes') trail.push({ kind: 'notes', label: LABELS.notes });
      }
    } else if (third === 'candidates') {
      trail.push({ kind: 'candidates', label: LABELS.candidates, href: '/candidates' });
      if (isId(fourth)) {
        trail.push({
          kind: 'candidate',
          label: lookups.candidate?.(fourth)?.name || idLabel(fourth),
          href: `${roleHref}/candidates/${fourth}`,
        });
        if (fifth === 'notes') trail.push({ kind: 'notes', label: LABELS.notes });
      }
    } else if (third === 'applications' && isId(fourth)) {
      trail.push({
        kind: 'application',
        label: lookups.application?.(fourth)?.name || `${LABELS.application} ${idLabel(fourth)}`,
        href: `${roleHref}/applications/${fourth}`,
      });
      if (fifth === 'notes') trail.push({ kind: 'notes', label: LABELS.notes });
    }
  } else if (first === 'job-qualifications') {
    trail = [{ kind: 'job-qualification', label: 'Job qualifications' }];
    if (second === 'create') trail.push({ kind: 'create', label: LABELS.create });
  } else if (first === 'clients' && isId(second)) {
    trail = clientTrail(second, lookups);
    if (third === 'notes') trail.push({ kind: 'notes', label: LABELS.notes });
  } else if (first === 'candidates' && isId(second)) {
    trail = [
      { kind: 'candidates', label: LABELS.candidates, href: '/candidates' },
      {
        kind: 'candidate',
        label: lookups.candidate?.(second)?.name || idLabel(second),
        href: `/candidates/${second}`,
      },
    ];
    if (third === 'notes') trail.push({ kind: 'notes', label: LABELS.notes });
  } else if (first === 'users' && isId(second)) {
    trail = [
      { kind: 'users', label: LABELS.users, href: '/users' },
      {
        kind: 'user',
        label: lookups.user?.(second)?.name || idLabel(second),
        href: `/users/${second}`,
      },
    ];
  } else if (first === 'role' && isId(second) && third === 'invoice') {
    trail = roleTrail(second, lookups);
    trail.push({ kind: 'invoices', label: LABELS.invoices, href: '/invoices' });
    if (fourth === 'create') trail.push({ kind: 'create', label: LABELS.create });
    else if (isId(fourth))
      trail.push({
        kind: 'invoice',
        label: lookups.invoice?.(fourth)?.name || `Invoice ${idLabel(fourth)}`,
      });
  } else if (first === 'client' && isId(second) && third === 'invoices') {
    trail = clientTrail(second, lookups);
    trail.push({ kind: 'invoices', label: LABELS.invoices, href: '/invoices' });
    if (fourth === 'create') trail.push({ kind: 'create', label: LABELS.create });
    else if (isId(fourth))
      trail.push({
        kind: 'invoice',
        label: lookups.invoice?.(fourth)?.name || `Invoice ${idLabel(fourth)}`,
      });
  } else if (first === 'contacts' && isId(second)) {
    trail = [
      { kind: 'contacts', label: LABELS.contacts, href: '/contacts' },
      { kind: 'contact', label: lookups.contact?.(second)?.name || idLabel(second), href: `/contacts/${second}` },
    ];
  } else if (first === 'settings' && second === 'imports' && isId(third)) {
    trail = [
      { kind: 'page', label: 'Settings', href: '/settings' },
      { kind: 'page', label: 'Imports', href: '/settings/imports' },
      { kind: 'page', label: lookups.import?.(third)?.name || idLabel(third), href: `/settings/imports/${third}` },
    ];
  } else if (first === 'notes' && second && isId(third)) {
    trail = [...noteTargetTrail(second, third, lookups), { kind: 'notes', label: LABELS.notes }];
  } else {
    let href = '';
    trail = segments.map((segment) => {
      href += `/${segment}`;
      return {
        kind: 'page' as const,
        label: isId(segment) ? idLabel(segment) : humanise(segment),
        href,
      };
    });
  }

  // The last crumb is the current page.
  if (trail.length > 0) {
    const last = trail[trail.length - 1]!;
    trail[trail.length - 1] = { kind: last.kind, label: last.label };
  }
  return trail;
}

/** The crumb a phone's back link goes to: the nearest one before the current page that has a link. */
export function parentCrumb(items: Breadcrumb[]): Breadcrumb | undefined {
  return items.slice(0, -1).findLast((item) => item.href);
}

const crumbLink =
  'text-gray-500 hover:text-gray-900 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-400 dark:hover:text-white';

/**
 * The trail on wider screens; on a phone, where a trail of four names would each be cut to a letter, a
 * back link with the parent's name (or the page's own name when it has no parent).
 */
export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  const parent = parentCrumb(items);
  const current = items.at(-1);
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      {parent?.href ? (
        <Link
          to={parent.href}
          aria-label={`Back to ${parent.label}`}
          className={`${crumbLink} -ml-1 flex min-w-0 items-center gap-1 text-sm font-medium sm:hidden`}
        >
          <ChevronLeft aria-hidden="true" className="size-4 shrink-0" />
          <span className="truncate">{parent.label}</span>
        </Link>
      ) : current ? (
        <p className="truncate text-sm font-semibold text-gray-900 sm:hidden dark:text-white">{current.label}</p>
      ) : null}
      <ol className="hidden min-w-0 items-center gap-1.5 text-sm sm:flex">
        {items.map((item, index) => {
          const last = index === items.length - 1;
          return (
            <Fragment key={`${item.kind}-${index}`}>
              {index > 0 ? (
                <li aria-hidden="true" className="shrink-0 text-gray-300 dark:text-gray-600">
                  <ChevronRight className="size-4" />
                </li>
              ) : null}
              {/* Earlier crumbs give way first, so the current page keeps a readable name. */}
              <li
                className={last ? 'min-w-16 shrink truncate' : 'max-w-48 min-w-10 shrink-[4] truncate'}
                title={item.label}
              >
                {item.href ? (
                  <Link to={item.href} className={crumbLink}>
                    {item.label}
                  </Link>
                ) : (
                  <span aria-current="page" className="font-semibold text-gray-900 dark:text-white">
                    {item.label}
                  </span>
                )}
              </li>
            </Fragment>
          );
        })}
      </ol>
    </nav>
  );
}
