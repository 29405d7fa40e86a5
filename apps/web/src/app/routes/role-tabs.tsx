import { NavLink } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/components/ui/cn';

/** The role page's tabs: its overview and its matches (issue 32). */
export function RoleTabs({ roleId }: { roleId: number }) {
  const tab = ({ isActive }: { isActive: boolean }) =>
    cn(
      'border-b-2 px-1 pb-2 text-sm font-medium',
      isActive
        ? 'border-brand-600 text-brand-700 dark:border-brand-400 dark:text-brand-300'
        : 'border-transparent text-gray-500 hover:text-gray-900 dark:text-gray-400 dark:hover:text-white',
    );
  return (
    <nav aria-label="Role sections" className="flex gap-6 border-b border-gray-200 dark:border-white/10">
      <NavLink end to={paths.app.role.getHref(roleId)} className={tab}>
        Overview
      </NavLink>
      <NavLink to={paths.app.roleMatches.getHref(roleId)} className={tab}>
        Matches
      </NavLink>
    </nav>
  );
}
