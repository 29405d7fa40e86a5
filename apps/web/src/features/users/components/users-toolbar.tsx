import { useEffect, useState, type ReactNode } from 'react';
import { Search } from 'lucide-react';
import { USER_TYPE_DESCRIPTIONS, USER_TYPES, type UserType } from '@recruitdesk/contracts/users';
import { inputClasses } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { cn } from '@/components/ui/cn';
import { useDebouncedValue } from '@/lib/use-debounced-value';

export const SEARCH_DEBOUNCE_MS = 300;

export type UserStatusFilter = 'all' | 'active' | 'inactive';

export interface UsersFilters {
  search: string;
  userType: UserType | 'all';
  status: UserStatusFilter;
}

/** One labelled filter of the toolbar: a select whose choice is passed on as its value. */
function FilterSelect({
  id,
  label,
  className,
  value,
  onChange,
  children,
}: {
  id: string;
  label: string;
  className: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-xs font-medium text-gray-600 dark:text-gray-400">
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </Select>
    </div>
  );
}

/** Search (debounced 300 ms), user-type and status filters. */
export function UsersToolbar({
  filters,
  onChange,
  namesOnly = false,
}: {
  filters: UsersFilters;
  onChange: (next: UsersFilters) => void;
  /** The read-only directory is searched by name only. */
  namesOnly?: boolean;
}) {
  const [text, setText] = useState(filters.search);
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (debounced.trim() !== filters.search) onChange({ ...filters, search: debounced.trim() });
    // Only a settled search text triggers a change; the other filters are passed through as they are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [debounced]);

  return (
    <div className="flex flex-col gap-3 border-b border-gray-200 px-4 py-3 sm:flex-row sm:items-end dark:border-white/10">
      <div className="relative min-w-0 flex-1">
        <label htmlFor="users-search" className="sr-only">
          Search users
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
        />
        <input
          id="users-search"
          type="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={namesOnly ? 'Search names' : 'Search name, email, username'}
          className={cn(inputClasses(false), 'pl-9')}
          autoComplete="off"
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:flex">
        <FilterSelect
          id="users-type"
          label="User type"
          className="sm:w-44"
          value={filters.userType}
          onChange={(value) => onChange({ ...filters, userType: value as UsersFilters['userType'] })}
        >
          <option value="all">All</option>
          {USER_TYPES.map((type) => (
            <option key={type} value={type}>
              {USER_TYPE_DESCRIPTIONS[type].label}
            </option>
          ))}
        </FilterSelect>
        <FilterSelect
          id="users-status"
          label="Status"
          className="sm:w-36"
          value={filters.status}
          onChange={(value) => onChange({ ...filters, status: value as UserStatusFilter })}
        >
          <option value="all">All</option>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </FilterSelect>
      </div>
    </div>
  );
}
