import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import type { Theme, User } from '@recruitdesk/contracts/users';
import { cn } from '@/components/ui/cn';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import { selectSidebarCollapsed, selectSidebarOpen, setSidebarOpen, toggleSidebarCollapsed } from '@/lib/ui-slice';
import type { BreadcrumbLookups } from './breadcrumbs';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

// Headless UI stays out of the main chunk: the slide-over loads the first time it opens.
const MobileSidebar = lazy(() => import('./mobile-sidebar'));

export interface AppLayoutProps {
  user: User | null;
  theme: Theme;
  onToggleTheme: () => void;
  onLogout: () => void;
  breadcrumbLookups?: BreadcrumbLookups;
  /** The top bar's title or breadcrumb trail (see TopBar). */
  trail?: ReactNode;
  /** Hover panels of the expanded desktop sidebar, by item href (the Active Clients panel). */
  sidebarPanels?: Record<string, () => ReactNode>;
  /** The shell search, shown in the top bar. */
  search?: ReactNode;
  /** Collapses or expands the large-screen sidebar (default: the ui state only, not saved). */
  onToggleCollapsed?: () => void;
  /** The notifications bell in the top bar. */
  bell?: ReactNode;
  /** The account menu at the end of the top bar (a still picture of it until the shell's code is in). */
  account?: ReactNode;
  /**
   * A floating button sits in the bottom-right corner (the AI chat's): the page ends with room for it, so
   * its last controls (a pager's Next, Export buttons) scroll clear of it (issue 29 item o).
   */
  floatingCorner?: boolean;
  /** A notice above every page (e.g. a mailbox whose sync stopped); it draws its own spacing, or nothing. */
  notice?: ReactNode;
  /** Defaults to the router outlet. */
  children?: ReactNode;
}

/**
 * The authenticated shell: sidebar (collapsible on lg+, slide-over below), top bar, page. In the main
 * chunk, so the shell is drawn at once on a cold load (app-root.tsx), before the signed-in code arrives.
 */
export function AppLayout({
  user,
  theme,
  onToggleTheme,
  onLogout,
  breadcrumbLookups,
  trail,
  sidebarPanels,
  search,
  bell,
  onToggleCollapsed,
  account,
  floatingCorner = false,
  notice,
  children,
}: AppLayoutProps) {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSidebarOpen);
  const collapsed = useAppSelector(selectSidebarCollapsed);
  const { pathname, search: query } = useLocation();
  // Mounted from its first opening on, so that closing plays its transition.
  const [mobileSidebarLoaded, setMobileSidebarLoaded] = useState(open);
  if (open && !mobileSidebarLoaded) setMobileSidebarLoaded(true);

  // Navigating closes the mobile slide-over.
  useEffect(() => {
    dispatch(setSidebarOpen(false));
  }, [dispatch, pathname, query]);

  // The desktop sidebar's width, and the content's inset that keeps clear of it.
  const rail = collapsed ? { width: 'lg:w-[68px]', inset: 'lg:pl-[68px]' } : { width: 'lg:w-64', inset: 'lg:pl-64' };

  return (
    <div className="min-h-dvh bg-gray-50 dark:bg-gray-950">
      {mobileSidebarLoaded ? (
        <Suspense fallback={null}>
          <MobileSidebar open={open} onClose={() => dispatch(setSidebarOpen(false))} user={user} onLogout={onLogout} />
        </Suspense>
      ) : null}

      <aside
        className={cn(
          'fixed inset-y-0 z-40 hidden border-r border-gray-200 transition-[width] duration-200 lg:flex lg:flex-col dark:border-white/10',
          rail.width,
        )}
      >
        <Sidebar
          user={user}
          onLogout={onLogout}
          collapsed={collapsed}
          onToggleCollapsed={onToggleCollapsed ?? (() => dispatch(toggleSidebarCollapsed()))}
          {...(sidebarPanels && !collapsed ? { hoverPanels: sidebarPanels } : {})}
        />
      </aside>

      <div className={cn('flex min-h-dvh flex-col transition-[padding] duration-200', rail.inset)}>
        <TopBar
          user={user}
          theme={theme}
          onToggleTheme={onToggleTheme}
          onOpenSidebar={() => dispatch(setSidebarOpen(true))}
          trail={trail}
          search={search}
          bell={bell}
          account={account}
          {...(breadcrumbLookups ? { breadcrumbLookups } : {})}
        />
        <main
          id="main"
          className={cn('flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8', floatingCorner && 'pb-24 sm:pb-28 lg:pb-28')}
        >
          <div className="mx-auto w-full max-w-7xl">
            {notice}
            {children ?? <Outlet />}
          </div>
        </main>
      </div>
    </div>
  );
}
