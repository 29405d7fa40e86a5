import type { ComponentType, SVGProps } from 'react';
import {
  Archive,
  BarChart3,
  Briefcase,
  Building2,
  Inbox,
  CalendarDays,
  CircleDot,
  FileUp,
  Contact,
  LayoutDashboard,
  Megaphone,
  Receipt,
  Settings,
  ShieldCheck,
  Sparkles,
  UserCircle,
  UserCog,
  Users,
} from 'lucide-react';
import {
  canSeeNavItem,
  isNavGroup,
  NAVIGATION,
  type NavGroup,
  type NavItem,
  type NavSection,
} from '@recruitdesk/contracts/navigation';
import type { User } from '@recruitdesk/contracts/users';

// The menu itself (labels, paths, who sees what) is defined once in the contracts, where the server's
// shell search reads it too; this file adds what only the web needs: icons and the sidebar's view of it.

export type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export const NAV_ICONS: Record<string, Icon> = {
  dashboard: LayoutDashboard,
  jobs: Briefcase,
  'jobs-active': CircleDot,
  'jobs-closed': Archive,
  'jobs-indeed': Megaphone,
  applications: Inbox,
  clients: Building2,
  contacts: Contact,
  candidates: Users,
  invoices: Receipt,
  calendar: CalendarDays,
  analytics: BarChart3,
  'ai-chat': Sparkles,
  users: UserCog,
  profile: UserCircle,
  settings: Settings,
  imports: FileUp,
  'data-protection': ShieldCheck,
};

export const navIcon = (id: string): Icon => NAV_ICONS[id] ?? CircleDot;

export type { NavGroup, NavItem, NavSection };
export { isNavGroup };

/** The sidebar's sections with the items this user may see (groups keep their visible children). */
export function sidebarSections(user: User | null): NavSection[] {
  return NAVIGATION.filter((section) => section.inSidebar).map((section) => ({
    ...section,
    items: section.items.flatMap((item): (NavItem | NavGroup)[] => {
      if (!isNavGroup(item)) return canSeeNavItem(user, item) ? [item] : [];
      const children = item.children.filter((child) => canSeeNavItem(user, child));
      return children.length ? [{ ...item, children }] : [];
    }),
  }));
}

/** The user menu's links (the Account section). */
export function accountMenuItems(user: User | null): NavItem[] {
  const section = NAVIGATION.find((candidate) => candidate.title === 'Account');
  return (section?.items ?? []).filter((item): item is NavItem => !isNavGroup(item) && canSeeNavItem(user, item));
}
