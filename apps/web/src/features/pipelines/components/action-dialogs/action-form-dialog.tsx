import type { ReactNode } from 'react';
import { FormDialog, type FormDialogProps } from '@/components/ui/dialog';

/** A stage action's dialog from `useActionForm`'s `frame`: the form dialog, the pending-interviews question, the fields. */
export function ActionFormDialog({
  dialog,
  question,
  children,
}: {
  dialog: Omit<FormDialogProps, 'children'>;
  question: ReactNode;
  children: ReactNode;
}) {
  return (
    <FormDialog {...dialog}>
      {question}
      {children}
    </FormDialog>
  );
}
