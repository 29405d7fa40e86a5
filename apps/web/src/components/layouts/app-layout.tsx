import { useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { X } from 'lucide-react';
import type { Theme, User } from '@recruitdesk/contracts/users';
import { cn } from '@/components/ui/cn';
import { useAppDispatch, useAppSelector } from '@/lib/hooks';
import {
  selectSidebarCollapsed,
  selectSidebarOpen,
  setSidebarOpen,
  toggleSidebarCollapsed,
} from '@/lib/ui-slice';
import type { BreadcrumbLookups } from './breadcrumbs';
import { Sidebar } from './sidebar';
import { TopBar } from './top-bar';

export interface AppLayoutProps {
  user: User | null;
  theme: Theme;
  onToggleTheme: () => void;
  onLogout: () => void;
  breadcrumbLookups?: BreadcrumbLookups;
  /** Hover panels of the expanded desktop sidebar, by item href (the Active Clients panel). */
  sidebarPanels?: Record<string, () => ReactNode>;
  /** Defaults to the router outlet. */
  children?: ReactNode;
}

/** The authenticated shell: sidebar (collapsible on lg+, slide-over below), top bar, page. */
export function AppLayout({
  user,
  theme,
  onToggleTheme,
  onLogout,
  breadcrumbLookups,
  sidebarPanels,
  children,
}: AppLayoutProps) {
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectSidebarOpen);
  const collapsed = useAppSelector(selectSidebarCollapsed);
  const { pathname, search } = useLocation();

  // Navigating closes the mobile slide-over.
  useEffect(() => {
    dispatch(setSidebarOpen(false));
  }, [dispatch, pathname, search]);

  return (
    <div className="min-h-dvh bg-gray-50 dark:bg-gray-950">
      <Dialog open={open} onClose={() => dispatch(setSidebarOpen(false))} className="relative z-50 lg:hidden">
        <DialogBackdrop
          transition
          className="fixed inset-0 bg-gray-900/60 transition-opacity duration-200 ease-linear data-closed:opacity-0"
        />
        <div className="fixed inset-0 flex">
          <DialogPanel
            transition
            className="relative mr-14 flex w-full max-w-72 flex-1 transform transition duration-200 ease-in-out data-closed:-translate-x-full"
          >
            <div className="absolute top-0 left-full flex w-14 justify-center pt-4">
              <button
                type="button"
                onClick={() => dispatch(setSidebarOpen(false))}
                aria-label="Close sidebar"
                className="inline-flex size-9 items-center justify-center rounded-lg text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-white"
              >
                <X aria-hidden="true" className="size-5" />
              </button>
            </div>
            <Sidebar user={user} onLogout={onLogout} className="w-full" />
          </DialogPanel>
        </div>
      </Dialog>

      <aside
        className={cn(
          'fixed inset-y-0 z-40 hidden border-r border-gray-200 transition-[width] duration-200 lg:flex lg:flex-col dark:border-white/10',
          collapsed ? 'lg:w-[68px]' : 'lg:w-64',
        )}
      >
        <Sidebar
          user={user}
          onLogout={onLogout}
          collapsed={collapsed}
          onToggleCollapsed={() => dispatch(toggleSidebarCollapsed())}
          {...(sidebarPanels && !collapsed ? { hoverPanels: sidebarPanels } : {})}
        />
      </aside>

      <div className={cn('flex min-h-dvh flex-col transition-[padding] duration-200', collapsed ? 'lg:pl-[68px]' : 'lg:pl-64')}>
        <TopBar
          user={user}
          theme={theme}
          onToggleTheme={onToggleTheme}
          onOpenSidebar={() => dispatch(setSidebarOpen(true))}
          onSignOut={onLogout}
          {...(breadcrumbLookups ? { breadcrumbLookups } : {})}
        />
        <main id="main" className="flex-1 px-4 py-6 sm:px-6 lg:px-8 lg:py-8">
          <div className="mx-auto w-full max-w-7xl">{children ?? <Outlet />}</div>
        </main>
      </div>
    </div>
  );
}
