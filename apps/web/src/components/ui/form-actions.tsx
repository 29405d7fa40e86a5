import { Button } from './button';

/** A page form's footer: Cancel (when the form can be left) and the submit button, right-aligned. */
export function FormActions({
  submitLabel,
  saving,
  onCancel,
}: {
  submitLabel: string;
  saving: boolean;
  onCancel?: (() => void) | undefined;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t border-gray-200 pt-5 sm:flex-row sm:justify-end dark:border-white/10">
      {onCancel ? (
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      ) : null}
      <Button type="submit" loading={saving}>
        {submitLabel}
      </Button>
    </div>
  );
}
