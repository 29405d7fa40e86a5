import { Fragment } from 'react';
import { Link } from 'react-router';
import { ChevronRight } from 'lucide-react';

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
  pipeline?: (id: string) => { name: string } | null | undefined;
  user?: (id: string) => { name: string } | null | undefined;
}

const LABELS = {
  'jobs-active': 'Active Jobs',
  'jobs-closed': 'Closed Roles',
  clients: 'Clients',
  edit: 'Edit',
  'job-qualification': 'Job qualification',
  stages: 'Stages',
  candidates: 'Candidates',
  application: 'Application',
  notes: 'Notes',
  create: 'Create',
  invoices: 'Invoices',
  users: 'Users',
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
    { kind: 'client', label: lookups.client?.(clientId)?.name || idLabel(clientId), href: `/clients/${clientId}` },
  ];
}

const isId = (s: string | undefined): s is string => !!s && /^\d+$/.test(s);

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
        label: `${LABELS.application} ${idLabel(fourth)}`,
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
      { kind: 'candidate', label: lookups.candidate?.(second)?.name || idLabel(second), href: `/candidates/${second}` },
    ];
  } else if (first === 'users' && isId(second)) {
    trail = [
      { kind: 'users', label: LABELS.users, href: '/users' },
      { kind: 'user', label: lookups.user?.(second)?.name || idLabel(second), href: `/users/${second}` },
    ];
  } else if (first === 'role' && isId(second) && third === 'invoice') {
    trail = roleTrail(second, lookups);
    trail.push({ kind: 'invoices', label: LABELS.invoices, href: '/invoices' });
    if (fourth === 'create') trail.push({ kind: 'create', label: LABELS.create });
    else if (isId(fourth)) trail.push({ kind: 'invoice', label: `Invoice ${idLabel(fourth)}` });
  } else if (first === 'client' && isId(second) && third === 'invoices') {
    trail = clientTrail(second, lookups);
    trail.push({ kind: 'invoices', label: LABELS.invoices, href: '/invoices' });
    if (fourth === 'create') trail.push({ kind: 'create', label: LABELS.create });
    else if (isId(fourth)) trail.push({ kind: 'invoice', label: `Invoice ${idLabel(fourth)}` });
  } else if (first === 'notes' && second && isId(third)) {
    trail = [
      { kind: 'page', label: humanise(second) },
      { kind: 'notes', label: `${LABELS.notes} for ${idLabel(third)}` },
    ];
  } else {
    let href = '';
    trail = segments.map((segment) => {
      href += `/${segment}`;
      return { kind: 'page' as const, label: isId(segment) ? idLabel(segment) : humanise(segment), href };
    });
  }

  // The last crumb is the current page.
  if (trail.length > 0) {
    const last = trail[trail.length - 1]!;
    trail[trail.length - 1] = { kind: last.kind, label: last.label };
  }
  return trail;
}

export function Breadcrumbs({ items }: { items: Breadcrumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="min-w-0">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {items.map((item, index) => (
          <Fragment key={`${item.kind}-${index}`}>
            {index > 0 ? (
              <li aria-hidden="true" className="text-gray-300 dark:text-gray-600">
                <ChevronRight className="size-4" />
              </li>
            ) : null}
            <li className="min-w-0 truncate">
              {item.href ? (
                <Link
                  to={item.href}
                  className="text-gray-500 hover:text-gray-900 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-400 dark:hover:text-white"
                >
                  {item.label}
                </Link>
              ) : (
                <span aria-current="page" className="font-semibold text-gray-900 dark:text-white">
                  {item.label}
                </span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
