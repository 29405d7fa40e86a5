import { Menu as HMenu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

export { HMenu as Menu, MenuButton };

export function MenuPanel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <MenuItems
      anchor={{ to: 'bottom end', gap: 8 }}
      transition
      className={cn(
        'z-50 w-56 origin-top-right rounded-xl border border-gray-200 bg-white p-1 shadow-lg outline-none',
        'transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0',
        'dark:border-white/10 dark:bg-gray-900',
        className,
      )}
    >
      {children}
    </MenuItems>
  );
}

const itemClasses =
  'flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-gray-700 data-focus:bg-gray-100 data-focus:text-gray-900 dark:text-gray-300 dark:data-focus:bg-white/5 dark:data-focus:text-white';

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

export function MenuLink({ to, icon: IconComponent, children }: { to: string; icon?: Icon; children: ReactNode }) {
  return (
    <MenuItem>
      <Link to={to} className={itemClasses}>
        {IconComponent ? <IconComponent aria-hidden="true" className="size-4 text-gray-400" /> : null}
        {children}
      </Link>
    </MenuItem>
  );
}

export function MenuAction({
  onClick,
  icon: IconComponent,
  children,
}: {
  onClick: () => void;
  icon?: Icon;
  children: ReactNode;
}) {
  return (
    <MenuItem>
      <button type="button" onClick={onClick} className={itemClasses}>
        {IconComponent ? <IconComponent aria-hidden="true" className="size-4 text-gray-400" /> : null}
        {children}
      </button>
    </MenuItem>
  );
}

export function MenuSeparator() {
  return <div role="separator" className="my-1 h-px bg-gray-200 dark:bg-white/10" />;
}
