// Over 400 lines: the command search: one combobox over every kind of record.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import {
  Combobox,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
} from '@headlessui/react';
import { Briefcase, Building2, Contact, Loader2, Search, UserRound } from 'lucide-react';
import { CANDIDATE_STATUS_LABELS } from '@recruitdesk/contracts/candidate-constants';
import { CLIENT_TYPE_LABELS } from '@recruitdesk/contracts/client-constants';
import { visibleDestinations, type NavDestination } from '@recruitdesk/contracts/navigation';
import { ROLE_STATE_LABELS } from '@recruitdesk/contracts/role-constants';
import { SHELL_SEARCH_DELAY_MS } from '@recruitdesk/contracts/search-constants';
import type { SearchResponse } from '@recruitdesk/contracts/search';
import type { User } from '@recruitdesk/contracts/users';
import { cn } from '@/components/ui/cn';
import { navIcon, type Icon } from '@/config/navigation';
import { paths } from '@/config/paths';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useSearchShellQuery } from '../api';

/** One thing the search can take the user to. */
export interface SearchHit {
  key: string;
  title: string;
  detail?: string;
  href: string;
  icon: Icon;
}

interface HitGroup {
  label: string;
  hits: SearchHit[];
}

const destinationHit = (destination: NavDestination): SearchHit => ({
  key: `destination-${destination.id}`,
  title: destination.title,
  detail: destination.section === 'Account' ? 'Your account' : destination.section,
  href: destination.href,
  icon: navIcon(destination.id),
});

/** The answer as groups of hits: menu destinations first, then clients, roles, candidates and contacts. */
export function hitGroups(data: SearchResponse): HitGroup[] {
  const groups: HitGroup[] = [
    { label: 'Go to', hits: data.destinations.map(destinationHit) },
    {
      label: 'Clients',
      hits: data.clients.map((client) => ({
        key: `client-${client.id}`,
        title: client.name,
        detail: `${CLIENT_TYPE_LABELS[client.client_type]} · ${client.state}`,
        href: paths.app.client.getHref(client.id),
        icon: Building2,
      })),
    },
    {
      label: 'Roles',
      hits: data.roles.map((role) => ({
        key: `role-${role.id}`,
        title: role.name,
        detail: `${role.client.name} · ${ROLE_STATE_LABELS[role.state]}`,
        href: paths.app.role.getHref(role.id),
        icon: Briefcase,
      })),
    },
    {
      label: 'Candidates',
      hits: data.candidates.map((candidate) => ({
        key: `candidate-${candidate.id}`,
        title: candidate.name,
        detail: [
          [candidate.current_title, candidate.current_company].filter(Boolean).join(' at '),
          CANDIDATE_STATUS_LABELS[candidate.status],
        ]
          .filter(Boolean)
          .join(' · '),
        href: paths.app.candidate.getHref(candidate.id),
        icon: UserRound,
      })),
    },
    {
      label: 'Contacts',
      // Older answers (a server before contacts) have none.
      hits: (data.contacts ?? []).map((contact) => ({
        key: `contact-${contact.id}`,
        title: contact.name,
        detail: [contact.job_title, contact.client.name, contact.left_company ? 'Left the company' : '']
          .filter(Boolean)
          .join(' · '),
        href: paths.app.contact.getHref(contact.id),
        icon: Contact,
      })),
    },
  ];
  return groups.filter((group) => group.hits.length > 0);
}

/**
 * Spec §9 "menu search typing buffer 350 ms": the query goes out once typing has paused for 350 ms,
 * never once per keystroke. With no text, the palette lists the menu (no request).
 */
function useShellSearch(text: string, user: User | null, listMenuWhenEmpty: boolean) {
  const trimmed = text.trim();
  const query = useDebouncedValue(trimmed, SHELL_SEARCH_DELAY_MS);
  const { data, isFetching, isError } = useSearchShellQuery(query, { skip: query === '' });
  const settled = trimmed === query && !isFetching;
  if (trimmed === '') {
    const groups = listMenuWhenEmpty ? [{ label: 'Go to', hits: visibleDestinations(user).map(destinationHit) }] : [];
    return { groups, busy: false, status: '' };
  }
  const found = data && query !== '' ? hitGroups(data) : [];
  const count = found.reduce((sum, group) => sum + group.hits.length, 0);
  // The dropdown shows five of each kind: the last option opens the results page with the rest (issue 29 p).
  const groups: HitGroup[] =
    settled && count > 0
      ? [
          ...found,
          {
            label: 'More',
            hits: [
              {
                key: 'see-all',
                title: `See all results for “${trimmed}”`,
                href: paths.app.search.getHref(trimmed),
                icon: Search,
              },
            ],
          },
        ]
      : found;
  const status = !settled
    ? 'Searching…'
    : isError
      ? 'The search failed. Try again.'
      : count === 0
        ? `Nothing found for “${trimmed}”.`
        : `${count} ${count === 1 ? 'result' : 'results'}.`;
  return { groups, busy: !settled, status };
}

const isMac = () =>
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

export interface SearchBoxProps {
  user: User | null;
  /** `palette`: the list is always shown (inside the Ctrl/⌘+K dialog); `bar`: a dropdown under the field. */
  variant: 'palette' | 'bar';
  /** Called after navigating to a hit (the palette closes), and on Escape in the palette. */
  onClose?: () => void;
  /** The bar: mounted in place of the placeholder field on its focus, it takes the focus and any text already typed. */
  initialText?: string;
  autoFocus?: boolean;
}

const barFieldClass =
  'h-9 rounded-lg pr-14 pl-9 text-sm ring-1 ring-gray-200 ring-inset focus:ring-2 focus:ring-brand-600 dark:ring-white/10 dark:focus:ring-brand-400';
const fieldClass =
  'w-full border-0 bg-transparent text-gray-900 placeholder:text-gray-500 dark:placeholder:text-gray-400 focus:ring-0 focus:outline-none dark:text-white';

function ShortcutHint() {
  return (
    <kbd
      aria-hidden="true"
      className="pointer-events-none absolute top-1/2 right-2 -translate-y-1/2 rounded border border-gray-200 px-1.5 font-sans text-[11px] text-gray-500 dark:border-white/10 dark:text-gray-400"
    >
      {isMac() ? '⌘K' : 'Ctrl K'}
    </kbd>
  );
}

/** The search field with its results: a combobox (arrows move, Enter opens, Escape closes). */
export function SearchBox({ user, variant, onClose, initialText = '', autoFocus = false }: SearchBoxProps) {
  const navigate = useNavigate();
  const statusId = useId();
  const [text, setText] = useState(initialText);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // Taking over from the placeholder: the caret goes after the text typed so far.
    const input = inputRef.current;
    if (!autoFocus || !input) return;
    if (document.activeElement !== input) input.focus();
    input.setSelectionRange(input.value.length, input.value.length);
  }, [autoFocus]);
  const palette = variant === 'palette';
  const { groups, busy, status } = useShellSearch(text, user, palette);

  const open = (hit: SearchHit | null) => {
    if (!hit) return;
    setText('');
    onClose?.();
    void navigate(hit.href);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Escape') return;
    if (palette) onClose?.();
    else if (text) setText('');
  };

  const hasText = text.trim() !== '';
  return (
    <Combobox<SearchHit | null> value={null} onChange={open} immediate={palette}>
      <div className="relative">
        <Search
          aria-hidden="true"
          className={cn(
            'pointer-events-none absolute top-1/2 -translate-y-1/2 text-gray-400',
            palette ? 'left-4 size-5' : 'left-3 size-4',
          )}
        />
        <ComboboxInput
          ref={inputRef}
          aria-label="Search"
          aria-describedby={statusId}
          aria-keyshortcuts="Control+K Meta+K"
          autoComplete="off"
          autoFocus={palette || autoFocus}
          placeholder={palette ? 'Search pages, clients, roles, candidates, contacts…' : 'Search…'}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={onKeyDown}
          className={cn(fieldClass, palette ? 'h-14 pr-12 pl-12 text-base' : barFieldClass)}
        />
        {busy ? (
          <Loader2
            aria-hidden="true"
            className={cn(
              'absolute top-1/2 size-4 -translate-y-1/2 animate-spin text-gray-400',
              palette ? 'right-4' : 'right-10',
            )}
          />
        ) : null}
        {palette ? null : <ShortcutHint />}
      </div>
      <p id={statusId} role="status" className="sr-only">
        {status}
      </p>
      <ComboboxOptions
        static={palette}
        modal={false}
        {...(palette ? {} : { anchor: 'bottom end' as const })}
        className={cn(
          'overflow-y-auto',
          palette
            ? 'max-h-[min(60vh,28rem)] border-t border-gray-200 p-2 dark:border-white/10'
            : 'z-50 max-h-[70vh] w-[min(28rem,calc(100vw-2rem))] rounded-xl border border-gray-200 bg-white p-2 shadow-lg [--anchor-gap:6px] empty:invisible dark:border-white/10 dark:bg-gray-900',
        )}
      >
        {groups.map((group) => (
          <div key={group.label} role="group" aria-label={group.label} className="py-1">
            <div
              aria-hidden="true"
              className="px-2.5 pt-1 pb-1.5 text-[11px] font-semibold tracking-wider text-gray-500 uppercase dark:text-gray-400"
            >
              {group.label}
            </div>
            {group.hits.map((hit) => {
              const HitIcon = hit.icon;
              return (
                <ComboboxOption
                  key={hit.key}
                  value={hit}
                  className="group flex cursor-pointer items-center gap-3 rounded-lg px-2.5 py-2 text-sm data-focus:bg-brand-50 dark:data-focus:bg-brand-500/10"
                >
                  <HitIcon
                    aria-hidden="true"
                    className="size-4 shrink-0 text-gray-400 group-data-focus:text-brand-600 dark:group-data-focus:text-brand-400"
                  />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-gray-900 dark:text-white">{hit.title}</span>
                    {hit.detail ? (
                      <span className="block truncate text-xs text-gray-500 dark:text-gray-400">{hit.detail}</span>
                    ) : null}
                  </span>
                </ComboboxOption>
              );
            })}
          </div>
        ))}
        {hasText && !busy && groups.length === 0 ? (
          <p className="px-2.5 py-6 text-center text-sm text-gray-500 dark:text-gray-400">{status}</p>
        ) : null}
      </ComboboxOptions>
    </Combobox>
  );
}

/** Ctrl+K (⌘K on a Mac) toggles the palette anywhere in the signed-in app. */
function useCommandKey(onToggle: () => void) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        onToggle();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onToggle]);
}

/** The command palette: a dialog holding the search, opened with Ctrl/⌘+K or the phone's search button. */
export function CommandPalette({ user, open, onClose }: { user: User | null; open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-900/50 transition-opacity duration-150 data-closed:opacity-0 dark:bg-black/70"
      />
      <div className="fixed inset-0 z-10 w-screen overflow-y-auto p-4 pt-[12vh] sm:p-6 sm:pt-[15vh]">
        <DialogPanel
          transition
          className="mx-auto max-w-xl overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-2xl transition duration-150 data-closed:scale-95 data-closed:opacity-0 dark:border-white/10 dark:bg-gray-900"
        >
          <DialogTitle className="sr-only">Search</DialogTitle>
          <SearchBox user={user} variant="palette" onClose={onClose} />
        </DialogPanel>
      </div>
    </Dialog>
  );
}

const iconButton =
  'inline-flex size-9 items-center justify-center rounded-lg text-gray-500 hover:bg-gray-100 hover:text-gray-900 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-gray-400 dark:hover:bg-white/5 dark:hover:text-white';

/**
 * The bar until first used: a plain field that looks and is named like the search's combobox. On its
 * focus the real search (Headless UI's combobox and the query hooks) takes its place, with the focus and
 * any text, so the shell's start-up does not pay for mounting it (docs/performance.md).
 */
function SearchPlaceholder({
  text,
  onText,
  onActivate,
}: {
  text: string;
  onText: (text: string) => void;
  onActivate: () => void;
}) {
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-400"
      />
      <input
        type="text"
        role="combobox"
        aria-label="Search"
        aria-expanded="false"
        aria-autocomplete="list"
        aria-keyshortcuts="Control+K Meta+K"
        autoComplete="off"
        placeholder="Search…"
        value={text}
        onChange={(event) => onText(event.target.value)}
        onFocus={onActivate}
        className={cn(fieldClass, barFieldClass)}
      />
      <ShortcutHint />
    </div>
  );
}

/** The top bar's search: a field on wider screens, a button on phones, and the Ctrl/⌘+K palette. */
export function ShellSearch({ user }: { user: User | null }) {
  const [paletteOpen, setPaletteOpen] = useState(false);
  // Each part mounts when first used and stays (the palette keeps its closing transition).
  const [paletteUsed, setPaletteUsed] = useState(false);
  const [barActive, setBarActive] = useState(false);
  const [draft, setDraft] = useState('');
  const openPalette = () => {
    setPaletteUsed(true);
    setPaletteOpen(true);
  };
  useCommandKey(() => {
    setPaletteUsed(true);
    setPaletteOpen((open) => !open);
  });
  return (
    <>
      <div className="hidden w-56 md:block lg:w-72">
        {barActive ? (
          <SearchBox user={user} variant="bar" initialText={draft} autoFocus />
        ) : (
          <SearchPlaceholder text={draft} onText={setDraft} onActivate={() => setBarActive(true)} />
        )}
      </div>
      <button type="button" className={cn(iconButton, 'md:hidden')} onClick={openPalette} aria-label="Search">
        <Search aria-hidden="true" className="size-5" />
      </button>
      {paletteUsed ? <CommandPalette user={user} open={paletteOpen} onClose={() => setPaletteOpen(false)} /> : null}
    </>
  );
}
