import { useMemo, useState } from 'react';
import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Field,
  Label,
} from '@headlessui/react';
import { Check, ChevronsUpDown } from 'lucide-react';
import { cn } from '@/components/ui/cn';
import { inputClasses } from '@/components/ui/input';

const MAX_SHOWN = 80;

function matches(zone: string, query: string): boolean {
  const q = query.trim().toLowerCase().replace(/\s+/g, '_');
  return !q || zone.toLowerCase().includes(q);
}

/** A searchable list of IANA time zones (Headless UI Combobox) labelled 'Time zone'. */
export function TimeZoneCombobox({
  value,
  onChange,
  zones,
  error,
  disabled = false,
  loading = false,
}: {
  value: string;
  onChange: (zone: string) => void;
  zones: string[];
  error?: string | undefined;
  disabled?: boolean;
  loading?: boolean;
}) {
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => zones.filter((zone) => matches(zone, query)), [zones, query]);
  const shown = filtered.slice(0, MAX_SHOWN);
  return (
    <Field className="space-y-1.5" disabled={disabled}>
      <Label className="block text-sm font-medium text-gray-900 dark:text-gray-100">Time zone</Label>
      <Combobox
        value={value}
        onChange={(zone: string | null) => {
          if (zone) onChange(zone);
        }}
        onClose={() => setQuery('')}
      >
        <div className="relative">
          <ComboboxInput
            className={cn(inputClasses(Boolean(error)), 'pr-9')}
            displayValue={(zone: string | null) => (zone ?? '').replace(/_/g, ' ')}
            onChange={(event) => setQuery(event.target.value)}
            placeholder={loading ? 'Loading time zones…' : 'Search time zones'}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
          />
          <ComboboxButton
            aria-label="Show time zones"
            className="absolute inset-y-0 right-0 flex items-center px-2.5 text-gray-400 hover:text-gray-600 dark:hover:text-gray-200"
          >
            <ChevronsUpDown aria-hidden="true" className="size-4" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          transition
          className={cn(
            'z-50 max-h-64 w-(--input-width) overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 shadow-lg empty:invisible',
            'transition duration-100 ease-out data-closed:opacity-0 dark:border-white/10 dark:bg-gray-900',
          )}
        >
          {shown.length === 0 ? (
            <div className="px-3 py-2 text-sm text-gray-500 dark:text-gray-400">No time zone matches “{query}”.</div>
          ) : (
            shown.map((zone) => (
              <ComboboxOption
                key={zone}
                value={zone}
                className="group flex cursor-default items-center gap-2 rounded-md px-2.5 py-1.5 text-sm text-gray-700 select-none data-focus:bg-brand-50 data-focus:text-brand-700 dark:text-gray-300 dark:data-focus:bg-brand-500/10 dark:data-focus:text-brand-300"
              >
                <Check aria-hidden="true" className="invisible size-4 shrink-0 group-data-selected:visible" />
                {zone.replace(/_/g, ' ')}
              </ComboboxOption>
            ))
          )}
          {filtered.length > MAX_SHOWN ? (
            <div className="px-3 py-1.5 text-xs text-gray-500 dark:text-gray-400">
              {filtered.length - MAX_SHOWN} more: type to narrow the list.
            </div>
          ) : null}
        </ComboboxOptions>
      </Combobox>
      {error ? <Description className="text-sm text-red-600 dark:text-red-400">{error}</Description> : null}
    </Field>
  );
}
