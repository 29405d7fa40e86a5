import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Menu as MenuIcon, Moon, Sun } from 'lucide-react';
import type { Theme, User } from '@recruitdesk/contracts/users';
import { Breadcrumbs, buildBreadcrumbs, type BreadcrumbLookups } from './breadcrumbs';
import { pageTitleFor } from './page-title';
import { UserMenu } from './user-menu';

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-400 dark:hover:bg-white/5 dark:hover:text-white';

export interface TopBarProps {
  user: User | null;
  theme: Theme;
  onToggleTheme: () => void;
  onOpenSidebar: () => void;
  onSignOut: () => void;
  breadcrumbLookups?: BreadcrumbLookups;
}

export function TopBar({ user, theme, onToggleTheme, onOpenSidebar, onSignOut, breadcrumbLookups }: TopBarProps) {
  const { pathname } = useLocation();
  const title = pageTitleFor(pathname);
  const crumbs = title ? [] : buildBreadcrumbs(pathname, breadcrumbLookups);
  const dark = theme === 'dark';
  const pageName = title ?? crumbs.at(-1)?.label;

  useEffect(() => {
    document.title = pageName ? `${pageName} · RecruitDesk` : 'RecruitDesk';
  }, [pageName]);
  return (
    <header className="sticky top-0 z-30 flex h-16 shrink-0 items-center gap-3 border-b border-gray-200 bg-white/85 px-4 backdrop-blur-md sm:px-6 lg:px-8 dark:border-white/10 dark:bg-gray-950/80">
      <button type="button" className={`${iconButton} -ml-1.5 lg:hidden`} onClick={onOpenSidebar} aria-label="Open sidebar">
        <MenuIcon aria-hidden="true" className="size-5" />
      </button>
      <div className="h-6 w-px bg-gray-200 lg:hidden dark:bg-white/10" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        {title ? (
          <h1 className="truncate text-lg font-semibold tracking-tight text-gray-900 dark:text-white">{title}</h1>
        ) : (
          <Breadcrumbs items={crumbs} />
        )}
      </div>
      <div className="flex items-center gap-1 sm:gap-2">
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
        <UserMenu user={user} onSignOut={onSignOut} />
      </div>
    </header>
  );
}
