import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Menu as MenuIcon, Moon, Sun } from 'lucide-react';
import type { Theme, User } from '@recruitdesk/contracts/users';
import { Breadcrumbs, buildBreadcrumbs, type BreadcrumbLookups } from './breadcrumbs';
import { pageTitleFor } from './page-title';
import { Avatar } from '@/components/ui/avatar';

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-400 dark:hover:bg-white/5 dark:hover:text-white';

export interface TopBarProps {
  user: User | null;
  theme: Theme;
  onToggleTheme: () => void;
  onOpenSidebar: () => void;
  breadcrumbLookups?: BreadcrumbLookups;
  /** The page's title or breadcrumb trail; by default `TopBarTrail` with `breadcrumbLookups`. */
  trail?: ReactNode;
  /** The shell search (field and Ctrl/⌘+K palette), placed before the theme toggle. */
  search?: ReactNode;
  /** The notifications bell, placed before the theme toggle. */
  bell?: ReactNode;
  /** The account menu (user-menu.tsx); until the signed-in code has loaded, a still picture of its button. */
  account?: ReactNode;
}

/** What the account menu's button looks like, drawn before the menu's code has loaded. */
export function AccountPlaceholder({ user }: { user: User | null }) {
  const name = user?.name || user?.email || 'Account';
  return (
    <div aria-hidden="true" className="flex items-center gap-2 rounded-lg p-1 text-sm sm:pr-2">
      <Avatar name={name} initials={user?.initials} src={user?.profile_picture_url} />
      <span className="hidden max-w-40 truncate font-medium text-gray-700 sm:block dark:text-gray-200">{name}</span>
      <span className="hidden size-4 sm:block" />
    </div>
  );
}

/** The page's title, or its breadcrumb trail named by `lookups`; it also names the browser tab. */
export function TopBarTrail({ lookups }: { lookups?: BreadcrumbLookups | undefined }) {
  const { pathname } = useLocation();
  const title = pageTitleFor(pathname);
  const crumbs = title ? [] : buildBreadcrumbs(pathname, lookups);
  const pageName = title ?? crumbs.at(-1)?.label;

  useEffect(() => {
    document.title = pageName ? `${pageName} · RecruitDesk` : 'RecruitDesk';
  }, [pageName]);
  return title ? (
    <h1 className="truncate text-lg font-semibold tracking-tight text-gray-900 dark:text-white">{title}</h1>
  ) : (
    <Breadcrumbs items={crumbs} />
  );
}

export function TopBar({
  user,
  theme,
  onToggleTheme,
  onOpenSidebar,
  breadcrumbLookups,
  trail,
  search,
  bell,
  account,
}: TopBarProps) {
  const dark = theme === 'dark';
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-gray-200 bg-white/85 px-4 backdrop-blur-md sm:px-6 lg:px-8 dark:border-white/10 dark:bg-gray-950/80">
      <button
        type="button"
        className={`${iconButton} -ml-1.5 lg:hidden`}
        onClick={onOpenSidebar}
        aria-label="Open sidebar"
      >
        <MenuIcon aria-hidden="true" className="size-5" />
      </button>
      <div className="h-6 w-px bg-gray-200 lg:hidden dark:bg-white/10" aria-hidden="true" />
      <div className="min-w-0 flex-1">{trail ?? <TopBarTrail lookups={breadcrumbLookups} />}</div>
      <div className="flex items-center gap-1 sm:gap-2">
        {search}
        {bell}
        <button
          type="button"
          className={iconButton}
          onClick={onToggleTheme}
          aria-label={dark ? 'Switch to light theme' : 'Switch to dark theme'}
          title={dark ? 'Switch to light theme' : 'Switch to dark theme'}
        >
          {dark ? <Sun aria-hidden="true" className="size-5" /> : <Moon aria-hidden="true" className="size-5" />}
        </button>
        <div className="h-6 w-px bg-gray-200 dark:bg-white/10" aria-hidden="true" />
        {account ?? <AccountPlaceholder user={user} />}
      </div>
    </header>
  );
}
