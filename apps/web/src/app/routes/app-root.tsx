import { Suspense } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { AccountPlaceholder, TopBarTrail } from '@/components/layouts/top-bar';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { selectIsAuthenticated, selectUser } from '@/features/auth/auth-slice';
import { useSignOut } from '@/features/auth/use-sign-out';
import { useAppSelector } from '@/lib/hooks';
import { canSeeAiChat } from '@/lib/permissions';
import { isSessionExpiring } from '@/lib/session-expiry';
import { AfterFirstPaint, afterFirstPaint } from '../first-paint';
import { lazyPage, pageHandleFor } from '../lazy-page';
import { useSidebarCollapsed } from '../sidebar-preference';
import { useThemeToggle } from '../theme';

// The guard and the shell's layout are in the main chunk and are drawn at once. What the shell fills in
// (app-shell.tsx: search, account menu, breadcrumb names, Active Clients panel) and every page load on
// demand, side by side; each suspends in its own place (issue 16 item 13, decision 016).
const shell = () => import('./app-shell');
const ShellTrail = lazyPage(() => shell().then((m) => ({ default: m.ShellTrail })));
const ShellSearch = lazyPage(() => shell().then((m) => ({ default: m.ShellSearch })));
const UserMenu = lazyPage(() => shell().then((m) => ({ default: m.UserMenu })));
const ActiveClientsPanel = lazyPage(() => shell().then((m) => ({ default: m.ActiveClientsPanelContainer })));
// The floating AI chat (owners only, issue 13): its code (and the markdown renderer) after the first paint.
const ChatWidget = lazyPage(() => import('@/features/chat/components/chat-widget').then((m) => ({ default: m.ChatWidget })));

const SIDEBAR_PANELS = {
  [paths.app.jobsActive.getHref()]: () => (
    <Suspense fallback={null}>
      <AfterFirstPaint>
        <ActiveClientsPanel />
      </AfterFirstPaint>
    </Suspense>
  ),
};

/** Where the search field goes, the same size, until its code is in. */
function SearchPlaceholder() {
  return (
    <div aria-hidden="true" className="hidden w-56 md:block lg:w-72">
      <div className="h-9 rounded-lg bg-gray-100 dark:bg-white/5" />
    </div>
  );
}

/** The signed-in shell: sidebar, top bar and the page, which suspends inside it behind its skeleton. */
function Shell({ pages }: { pages: RouteObject[] }) {
  const user = useAppSelector(selectUser);
  const { pathname } = useLocation();
  const { theme, toggle } = useThemeToggle();
  const sidebar = useSidebarCollapsed();
  const signOut = useSignOut();
  const page = pageHandleFor(pages, pathname);
  // After the first paint, the page's code beside the shell's, not after it (both idempotent).
  void afterFirstPaint().then(() => {
    void page?.preload?.();
    void ShellTrail.preload();
  });
  const chat =
    canSeeAiChat(user) && user ? (
      <Suspense fallback={null}>
        <AfterFirstPaint>
          <ChatWidget
            userId={user.id}
            pageHref={(chatId) => paths.app.aiChat.getHref(chatId)}
            // The page shows the chat itself; the widget keeps its own conversation connected meanwhile.
            hidden={pathname.startsWith(paths.app.aiChat.path)}
          />
        </AfterFirstPaint>
      </Suspense>
    ) : null;
  return (
    <>
      <AppLayout
        user={user}
        theme={theme}
        onToggleTheme={toggle}
        onToggleCollapsed={sidebar.toggle}
        onLogout={signOut}
        sidebarPanels={SIDEBAR_PANELS}
        trail={
          <Suspense fallback={<TopBarTrail />}>
            <AfterFirstPaint>
              <ShellTrail />
            </AfterFirstPaint>
          </Suspense>
        }
        search={
          <Suspense fallback={<SearchPlaceholder />}>
            <AfterFirstPaint>
              <ShellSearch user={user} />
            </AfterFirstPaint>
          </Suspense>
        }
        account={
          <Suspense fallback={<AccountPlaceholder user={user} />}>
            <AfterFirstPaint>
              <UserMenu user={user} onSignOut={signOut} />
            </AfterFirstPaint>
          </Suspense>
        }
      />
      {chat}
    </>
  );
}

/**
 * The authenticated layout: sends visitors to sign in (remembering the page), then shows the shell.
 * `pages` are the routes inside it; their handles name each page's skeleton and code.
 */
export function AppRoot({ pages = [] }: { pages?: RouteObject[] }) {
  const isAuthenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();

  if (!isAuthenticated) {
    // Between a 401 and the redirect (1 s), keep a neutral screen under the toast.
    if (isSessionExpiring()) return <LoadingScreen size="lg" />;
    return (
      <Navigate
        to={paths.auth.login.getHref()}
        replace
        state={{ from: `${location.pathname}${location.search}` }}
      />
    );
  }
  return <Shell pages={pages} />;
}

export default AppRoot;
