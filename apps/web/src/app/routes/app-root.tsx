import { Navigate, useLocation, type RouteObject } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { AccountPlaceholder, TopBarTrail } from '@/components/layouts/top-bar';
import { LoadingScreen } from '@/components/ui/loading-screen';
import { paths } from '@/config/paths';
import { selectIsAuthenticated, selectUser } from '@/features/auth/auth-slice';
import { useSignOut } from '@/features/auth/use-sign-out';
import { useAppSelector } from '@/lib/hooks';
import { canEdit, canSeeAiChat, isOwner } from '@/lib/permissions';
import { isSessionExpiring } from '@/lib/session-expiry';
import { afterFirstPaint, afterIdle } from '../first-paint';
import { lateComponent, pageHandleFor } from '../lazy-page';
import { useSidebarCollapsed } from '../sidebar-preference';
import { useThemeToggle } from '../theme';

// The guard and the shell's layout are in the main chunk and are drawn at once (issue 16 item 13, decision
// 016); every page loads on demand. What the shell fills in after its first paint is mounted on its own
// (lateComponent, decision 062) rather than in the page's commit: the trail's record names and the Active
// Clients panel (app-shell.tsx); then, one at a time in idle moments, the search, the account menu
// (Headless UI) and the chat, each its own import.
const shell = () => import('./app-shell');
const ShellTrail = lateComponent(() =>
  afterFirstPaint()
    .then(shell)
    .then((m) => m.ShellTrail),
);
const ActiveClientsPanel = lateComponent(() =>
  afterFirstPaint()
    .then(shell)
    .then((m) => m.ActiveClientsPanelContainer),
);
const ShellSearch = lateComponent(() =>
  afterIdle()
    .then(() => import('@/features/search/components/shell-search'))
    .then((m) => m.ShellSearch),
);
const UserMenu = lateComponent(() =>
  afterIdle()
    .then(() => import('@/components/layouts/user-menu'))
    .then((m) => m.UserMenu),
);
const NotificationsBell = lateComponent(() =>
  afterIdle()
    .then(() => import('@/features/notifications/components/notifications-bell'))
    .then((m) => m.NotificationsBell),
);
// The floating AI chat (owners only, issue 13).
const ChatWidget = lateComponent(() =>
  afterIdle()
    .then(() => import('@/features/chat/components/chat-widget'))
    .then((m) => m.ChatWidget),
);

// "Sync stopped since … because …" for the owner of a mailbox whose sync stopped (issue 33), on every page.
const MailboxNotice = lateComponent(() =>
  afterIdle()
    .then(() => import('@/features/mailboxes/components/stopped-banner'))
    .then((m) => m.StoppedMailboxesNotice),
);

const SIDEBAR_PANELS = {
  [paths.app.jobsActive.getHref()]: () => <ActiveClientsPanel />,
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
  // After the first paint, the page's code beside the shell's (ShellTrail asks for that), not after it.
  void afterFirstPaint().then(() => page?.preload?.());
  // The page itself shows the chat on /ai-chat; the widget keeps its own conversation connected meanwhile.
  const chatPage = pathname.startsWith(paths.app.aiChat.path);
  const chat =
    canSeeAiChat(user) && user ? (
      <ChatWidget userId={user.id} pageHref={(chatId) => paths.app.aiChat.getHref(chatId)} hidden={chatPage} />
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
        trail={<ShellTrail fallback={<TopBarTrail />} />}
        search={<ShellSearch user={user} fallback={<SearchPlaceholder />} />}
        bell={<NotificationsBell />}
        account={<UserMenu user={user} onSignOut={signOut} fallback={<AccountPlaceholder user={user} />} />}
        floatingCorner={Boolean(chat) && !chatPage}
        notice={
          user && canEdit(user) && !pathname.startsWith(paths.app.settings.path) ? (
            <MailboxNotice userId={user.id} includeShared={isOwner(user)} />
          ) : null
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
      <Navigate to={paths.auth.login.getHref()} replace state={{ from: `${location.pathname}${location.search}` }} />
    );
  }
  return <Shell pages={pages} />;
}

export default AppRoot;
