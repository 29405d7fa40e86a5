import { X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  activeFilterCount,
  CLIENT_TYPES,
  presetRange,
  RANGE_PRESETS,
  type AnalyticsFilters,
  type ClientTypeFilter,
  type RangePreset,
} from '../filters';

export interface FilterOption {
  value: string;
  label: string;
}

export interface FilterChoices {
  clients: FilterOption[];
  recruiters: FilterOption[];
  roleFamilies: FilterOption[];
}

const label = 'block text-xs font-medium text-gray-600 dark:text-gray-300';

/** One of the bar's record filters: a labelled select whose first option ("All …", value null) clears it. */
function FilterSelect({
  id,
  label: text,
  all,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  all: string;
  value: string | null;
  options: readonly FilterOption[];
  onChange: (value: string | null) => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className={label}>
        {text}
      </label>
      <Select id={id} value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

/**
 * The page's filters: date range (a preset or two dates), client, client type, recruiter, role family.
 * Each change is one history entry (the URL is the state), so Back undoes it.
 */
export function FilterBar({
  filters,
  choices,
  today,
  onChange,
}: {
  filters: AnalyticsFilters;
  /** The filter-options set; while it loads, the selects offer only "All". */
  choices: FilterChoices | undefined;
  today: string;
  onChange: (next: AnalyticsFilters) => void;
}) {
  const set = (patch: Partial<AnalyticsFilters>) => onChange({ ...filters, ...patch });
  const withSelected = (options: FilterOption[] | undefined, selected: string | null) =>
    selected && !options?.some((option) => option.value === selected)
      ? [...(options ?? []), { value: selected, label: options ? `Unknown (${selected})` : 'Loading…' }]
      : (options ?? []);
  const setRange = (range: RangePreset) => {
    if (range === 'custom') set({ range, from: filters.from, to: filters.to });
    else set({ range, ...presetRange(range, today) });
  };
  const active = activeFilterCount(filters);
  return (
    <form
      role="search"
      aria-label="Analytics filters"
      onSubmit={(event) => event.preventDefault()}
      className="grid grid-cols-1 gap-3 rounded-xl border border-gray-200 bg-white p-4 shadow-xs sm:grid-cols-2 lg:grid-cols-6 dark:border-white/10 dark:bg-gray-900"
    >
      <div className="space-y-1 lg:col-span-2">
        <label htmlFor="analytics-range" className={label}>
          Date range
        </label>
        <Select
          id="analytics-range"
          value={filters.range}
          onChange={(event) => setRange(event.target.value as RangePreset)}
        >
          {RANGE_PRESETS.map((preset) => (
            <option key={preset.value} value={preset.value}>
              {preset.label}
            </option>
          ))}
        </Select>
        <div className="flex items-center gap-2">
          <Input
            type="date"
            aria-label="From"
            value={filters.from}
            max={filters.to}
            onChange={(event) => event.target.value && set({ range: 'custom', from: event.target.value })}
            className="dark:[color-scheme:dark]"
          />
          <span aria-hidden="true" className="text-gray-400">
            –
          </span>
          <Input
            type="date"
            aria-label="To"
            value={filters.to}
            min={filters.from}
            onChange={(event) => event.target.value && set({ range: 'custom', to: event.target.value })}
            className="dark:[color-scheme:dark]"
          />
        </div>
      </div>
      <FilterSelect
        id="analytics-client"
        label="Client"
        all="All clients"
        value={filters.client}
        options={withSelected(choices?.clients, filters.client)}
        onChange={(client) => set({ client })}
      />
      <FilterSelect
        id="analytics-client-type"
        label="Client type"
        all="All types"
        value={filters.clientType}
        options={CLIENT_TYPES}
        onChange={(value) => set({ clientType: value as ClientTypeFilter | null })}
      />
      <FilterSelect
        id="analytics-recruiter"
        label="Recruiter"
        all="All recruiters"
        value={filters.recruiter}
        options={withSelected(choices?.recruiters, filters.recruiter)}
        onChange={(recruiter) => set({ recruiter })}
      />
      <FilterSelect
        id="analytics-role-family"
        label="Role family"
        all="All role families"
        value={filters.roleFamily}
        options={withSelected(choices?.roleFamilies, filters.roleFamily)}
        onChange={(roleFamily) => set({ roleFamily })}
      />
      {active > 0 ? (
        <div className="flex items-end sm:col-span-2 lg:col-span-6">
          <Button
            variant="ghost"
            size="sm"
            onClick={() => set({ client: null, clientType: null, recruiter: null, roleFamily: null })}
          >
            <X aria-hidden="true" className="size-4" />
            Clear {active === 1 ? 'filter' : `${active} filters`}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
