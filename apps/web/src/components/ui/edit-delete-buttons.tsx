import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './button';

/** A list row's "Edit" and "Delete" buttons, named after the row for screen readers ("Edit First outreach"). */
export function EditDeleteButtons({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <Button size="sm" variant="secondary" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" className="size-4" />
        Edit
      </Button>
      <Button size="sm" variant="ghost" aria-label={`Delete ${name}`} onClick={onDelete}>
        <Trash2 aria-hidden="true" className="size-4" />
        Delete
      </Button>
    </>
  );
}
