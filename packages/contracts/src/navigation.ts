// The app's menu in one place (spec §2 navigation shell, §6 permissions): the web sidebar and user menu
// draw it, and the shell search (GET /api/search/) finds its destinations. Plain data, no zod, so the
// app shell can use it without loading the schema library.
import { hasUserType, type UserType } from './user-types';

export interface NavItem {
  /** Stable id (the web maps it to an icon). */
  id: string;
  /** The sidebar's label. */
  label: string;
  href: string;
  /** What the search shows, when the bare label needs its context ("Active" → "Active Jobs"). */
  title?: string;
  /** More words the search matches. */
  keywords?: readonly string[];
  /** Who sees it besides owners (owners see everything); absent: everyone signed in. */
  only?: readonly UserType[];
}

export interface NavGroup {
  id: string;
  label: string;
  children: readonly NavItem[];
}

export interface NavSection {
  title: 'Main' | 'Tools' | 'Admin' | 'Account';
  /** The Account section is the user menu, not the sidebar. */
  inSidebar: boolean;
  items: readonly (NavItem | NavGroup)[];
}

export const isNavGroup = (item: NavItem | NavGroup): item is NavGroup => 'children' in item;

export const NAVIGATION: readonly NavSection[] = [
  {
    title: 'Main',
    inSidebar: true,
    items: [
      { id: 'dashboard', label: 'Dashboard', href: '/dashboard', keywords: ['home', 'overview'] },
      {
        id: 'jobs',
        label: 'Jobs',
        children: [
          {
            id: 'jobs-active',
            label: 'Active',
            title: 'Active Jobs',
            href: '/jobs/active',
            keywords: ['roles', 'open'],
          },
          {
            id: 'jobs-closed',
            label: 'Closed',
            title: 'Closed Roles',
            href: '/jobs/closed',
            keywords: ['jobs', 'archive'],
          },
          { id: 'jobs-indeed', label: 'Indeed Posting', href: '/jobs/indeed', keywords: ['job board', 'jobs'] },
          // Issue 29 item k: every application across roles; everyone who reads records (design §3) sees it.
          {
            id: 'applications',
            label: 'Applications',
            href: '/applications',
            keywords: ['applicants', 'inbox', 'careers'],
          },
        ],
      },
      { id: 'clients', label: 'Clients', href: '/clients', keywords: ['companies', 'accounts'] },
      {
        id: 'contacts',
        label: 'Contacts',
        href: '/contacts',
        keywords: ['hiring managers', 'people at clients'],
      },
      { id: 'candidates', label: 'Candidates', href: '/candidates', keywords: ['people', 'talent', 'resumes'] },
      { id: 'invoices', label: 'Invoices', href: '/invoices', keywords: ['billing', 'payments'], only: ['owner'] },
    ],
  },
  {
    title: 'Tools',
    inSidebar: true,
    items: [
      { id: 'calendar', label: 'Calendar', href: '/calendar', keywords: ['interviews', 'schedule'] },
      {
        id: 'analytics',
        label: 'Analytics',
        href: '/analytics',
        title: 'Analytics Dashboard',
        keywords: ['reports', 'charts'],
      },
      // Spec §6: "requires superuser and is hidden for non-owners"; design §3: the assistant is owner-only.
      { id: 'ai-chat', label: 'AI Chat', href: '/ai-chat', keywords: ['assistant'], only: ['owner'] },
    ],
  },
  {
    title: 'Admin',
    inSidebar: true,
    // Spec §6: "Other menu items are shown to everyone"; who cannot administer sees a read-only directory.
    items: [
      { id: 'users', label: 'Users', href: '/users', keywords: ['team', 'people', 'invitations'] },
      // Issue 34: consents, retention and people's requests; owners decide.
      {
        id: 'data-protection',
        label: 'Data protection',
        href: '/settings/data-protection',
        keywords: ['gdpr', 'privacy', 'consent', 'retention', 'erasure', 'requests'],
        only: [],
      },
    ],
  },
  {
    title: 'Account',
    inSidebar: false,
    items: [
      {
        id: 'profile',
        label: 'Your Profile',
        href: '/me',
        title: 'My Profile',
        keywords: ['password', 'sessions', 'picture'],
      },
      { id: 'settings', label: 'Settings', href: '/settings', keywords: ['theme', 'time zone', 'agency'] },
      // Issue 31: Settings → Import (owners and superusers).
      {
        id: 'imports',
        label: 'Import',
        href: '/settings/imports',
        title: 'Import data',
        keywords: ['csv', 'xlsx', 'spreadsheet', 'upload', 'opencats', 'bullhorn'],
        only: ['superuser'],
      },
    ],
  },
];

type UserLike = { user_type: UserType | UserType[] } | null | undefined;

export function canSeeNavItem(user: UserLike, item: Pick<NavItem, 'only'>): boolean {
  if (!user) return false;
  return !item.only || hasUserType(user, 'owner', ...item.only);
}

/** A place the search can take the user. */
export interface NavDestination {
  id: string;
  title: string;
  href: string;
  section: NavSection['title'];
}

/** Every destination the user may see, in menu order. */
export function visibleDestinations(user: UserLike): NavDestination[] {
  const list: NavDestination[] = [];
  for (const section of NAVIGATION) {
    for (const item of section.items) {
      for (const leaf of isNavGroup(item) ? item.children : [item]) {
        if (canSeeNavItem(user, leaf))
          list.push({ id: leaf.id, title: leaf.title ?? leaf.label, href: leaf.href, section: section.title });
      }
    }
  }
  return list;
}

function navItemById(id: string): NavItem | undefined {
  for (const section of NAVIGATION) {
    for (const item of section.items) {
      for (const leaf of isNavGroup(item) ? item.children : [item]) if (leaf.id === id) return leaf;
    }
  }
  return undefined;
}

/**
 * The destinations whose title, label or keywords contain every word of the query (case-insensitive),
 * those whose title starts with the query first.
 */
export function matchDestinations(user: UserLike, query: string): NavDestination[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored = visibleDestinations(user).flatMap((destination) => {
    const item = navItemById(destination.id);
    const haystack = [destination.title, item?.label ?? '', ...(item?.keywords ?? [])].join(' ').toLowerCase();
    if (!words.every((word) => haystack.includes(word))) return [];
    return [{ destination, rank: destination.title.toLowerCase().startsWith(query.trim().toLowerCase()) ? 0 : 1 }];
  });
  return scored.sort((a, b) => a.rank - b.rank).map((entry) => entry.destination);
}
