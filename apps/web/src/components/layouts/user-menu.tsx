import { ChevronDown, LogOut } from 'lucide-react';
import type { User } from '@recruitdesk/contracts/users';
import { Avatar } from '@/components/ui/avatar';
import { Menu, MenuAction, MenuButton, MenuLink, MenuPanel, MenuSeparator } from '@/components/ui/menu';
import { accountMenuItems, navIcon } from '@/config/navigation';

export function UserMenu({ user, onSignOut }: { user: User | null; onSignOut: () => void }) {
  const name = user?.name || user?.email || 'Account';
  return (
    <Menu as="div" className="relative">
      <MenuButton
        aria-label="Open user menu"
        className="flex items-center gap-2 rounded-lg p-1 text-sm hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600 data-open:bg-gray-100 sm:pr-2 dark:hover:bg-white/5 dark:data-open:bg-white/5"
      >
        <Avatar name={name} initials={user?.initials} src={user?.profile_picture_url} />
        <span className="hidden max-w-40 truncate font-medium text-gray-700 sm:block dark:text-gray-200">{name}</span>
        <ChevronDown aria-hidden="true" className="hidden size-4 text-gray-400 sm:block" />
      </MenuButton>
      <MenuPanel>
        <div className="px-2.5 py-2">
          <p className="truncate text-sm font-medium text-gray-900 dark:text-white">{name}</p>
          {user?.email ? <p className="truncate text-xs text-gray-500 dark:text-gray-400">{user.email}</p> : null}
        </div>
        <MenuSeparator />
        {accountMenuItems(user).map((item) => (
          <MenuLink key={item.id} to={item.href} icon={navIcon(item.id)}>
            {item.label}
          </MenuLink>
        ))}
        <MenuSeparator />
        <MenuAction onClick={onSignOut} icon={LogOut}>
          Sign out
        </MenuAction>
      </MenuPanel>
    </Menu>
  );
}
