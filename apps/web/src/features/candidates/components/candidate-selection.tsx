import type { CandidateListItem } from '@recruitdesk/contracts/candidates';
import type { ColumnDef } from '@/components/ui/data-table';

/** Ticked candidates (issue 33: "Email selected"): the ids, with the names the bulk email shows. */
export interface CandidateSelection {
  selected: ReadonlyMap<number, string>;
  onChange: (next: Map<number, string>) => void;
}

/** A first column of checkboxes: one per row and one for the whole page. */
export function selectionColumn(
  selection: CandidateSelection,
  rows: CandidateListItem[],
): ColumnDef<CandidateListItem, unknown> {
  const { selected, onChange } = selection;
  const allOnPage = rows.length > 0 && rows.every((c) => selected.has(c.id));
  const toggle = (candidate: CandidateListItem, on: boolean) => {
    const next = new Map(selected);
    if (on) next.set(candidate.id, candidate.name);
    else next.delete(candidate.id);
    onChange(next);
  };
  return {
    id: 'select',
    enableSorting: false,
    header: () => (
      <input
        type="checkbox"
        aria-label="Select all candidates on this page"
        checked={allOnPage}
        onChange={(event) => {
          const next = new Map(selected);
          for (const c of rows) {
            if (event.target.checked) next.set(c.id, c.name);
            else next.delete(c.id);
          }
          onChange(next);
        }}
        className="size-4 accent-brand-600"
      />
    ),
    cell: ({ row: { original: candidate } }) => (
      <input
        type="checkbox"
        aria-label={`Select ${candidate.name}`}
        checked={selected.has(candidate.id)}
        onChange={(event) => toggle(candidate, event.target.checked)}
        className="size-4 accent-brand-600"
      />
    ),
    meta: { className: 'w-px' },
  };
}
