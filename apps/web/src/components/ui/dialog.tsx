import { useCallback, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { AlertTriangle, X } from 'lucide-react';
import { errorMessage } from '@/lib/base-api';
import { Alert } from './alert';
import { Button } from './button';
import { cn } from './cn';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, right-aligned (stacked on phones). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  tone?: 'default' | 'danger';
}

const WIDTHS = { sm: 'sm:max-w-md', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' } as const;

/**
 * A modal dialog (Headless UI Dialog: focus trap, Escape, labelled by its title and described by its
 * description). On phones it is a bottom sheet.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  tone = 'default',
}: ModalProps) {
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-50">
      <DialogBackdrop
        transition
        className="fixed inset-0 bg-gray-900/50 transition-opacity duration-150 data-closed:opacity-0 dark:bg-black/70"
      />
      <div className="fixed inset-0 z-10 w-screen overflow-y-auto">
        <div className="flex min-h-full items-end justify-center p-0 sm:items-center sm:p-4">
          <DialogPanel
            transition
            className={cn(
              'relative w-full rounded-t-2xl border border-gray-200 bg-white shadow-xl transition duration-150 sm:rounded-2xl',
              'data-closed:translate-y-4 data-closed:opacity-0 sm:data-closed:translate-y-0 sm:data-closed:scale-95',
              'dark:border-white/10 dark:bg-gray-900',
              WIDTHS[size],
            )}
          >
            <div className="flex items-start gap-4 px-5 pt-5 sm:px-6 sm:pt-6">
              {tone === 'danger' ? (
                <div className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600 dark:bg-red-500/10 dark:text-red-400">
                  <AlertTriangle aria-hidden="true" className="size-5" />
                </div>
              ) : null}
              <div className="min-w-0 flex-1">
                <DialogTitle className="text-base font-semibold text-gray-900 dark:text-white">{title}</DialogTitle>
                {description ? (
                  <Description className="mt-1 text-sm text-gray-600 dark:text-gray-400">{description}</Description>
                ) : null}
              </div>
              <button
                type="button"
                onClick={onClose}
                aria-label="Close"
                className="-mt-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-gray-400 hover:bg-gray-100 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5 dark:hover:text-gray-200"
              >
                <X aria-hidden="true" className="size-4" />
              </button>
            </div>
            {children ? <div className="px-5 pt-4 sm:px-6">{children}</div> : null}
            {footer ? (
              <div className="mt-5 flex flex-col-reverse gap-2 border-t border-gray-200 px-5 py-4 sm:flex-row sm:justify-end sm:px-6 dark:border-white/10">
                {footer}
              </div>
            ) : (
              <div className="h-5 sm:h-6" />
            )}
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * A modal whose footer is Cancel, then one action (danger-coloured for a danger dialog): the frame of a
 * question and of a form.
 */
function CancelOrActModal({
  cancelLabel,
  loading,
  disabled,
  act,
  actLabel,
  actTone = 'default',
  ...modal
}: Omit<ModalProps, 'footer'> & {
  cancelLabel: string;
  loading: boolean;
  disabled: boolean;
  act: { onClick: () => void } | { type: 'submit'; form: string };
  actLabel: ReactNode;
  /** 'danger' gives the action the danger colour. */
  actTone?: 'default' | 'danger';
}) {
  return (
    <Modal
      {...modal}
      footer={
        <>
          <Button variant="secondary" onClick={modal.onClose}>
            {cancelLabel}
          </Button>
          <Button {...act} variant={actTone === 'danger' ? 'danger' : 'primary'} loading={loading} disabled={disabled}>
            {actLabel}
          </Button>
        </>
      }
    />
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onClose: () => void;
  onConfirm: () => void;
  title: string;
  description?: ReactNode;
  confirmLabel: ReactNode;
  cancelLabel?: string;
  tone?: 'default' | 'danger';
  loading?: boolean;
  /** Extra content (e.g. a field to type a confirmation). */
  children?: ReactNode;
  confirmDisabled?: boolean;
  /** A refusal of the confirmed call, shown above the children. */
  error?: unknown;
}

/** A yes/no question in a dialog. */
export function ConfirmDialog({
  onConfirm,
  confirmLabel,
  cancelLabel = 'Cancel',
  loading = false,
  children,
  confirmDisabled = false,
  error,
  ...modal
}: ConfirmDialogProps) {
  const refusal = error ? <Alert>{errorMessage(error)}</Alert> : null;
  return (
    <CancelOrActModal
      {...modal}
      size="sm"
      cancelLabel={cancelLabel}
      loading={loading}
      disabled={confirmDisabled}
      act={{ onClick: onConfirm }}
      actLabel={confirmLabel}
      actTone={modal.tone}
    >
      {refusal && children ? (
        <div className="space-y-3">
          {refusal}
          {children}
        </div>
      ) : (
        (refusal ?? children)
      )}
    </CancelOrActModal>
  );
}

export interface FormDialogProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** The submit button's label. */
  submitLabel: ReactNode;
  cancelLabel?: string;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The save is in flight: the submit button spins. */
  loading?: boolean;
  submitDisabled?: boolean;
  /** A refusal of the save that belongs to no field, shown at the top of the form. */
  error?: unknown;
  /** 'danger' gives the submit button the danger colour. */
  tone?: 'default' | 'danger';
  /** The form's id (the footer's submit button points at it); a generated one when left out. */
  formId?: string;
  /** The form's classes; 'space-y-4' when left out. */
  className?: string;
  children: ReactNode;
}

/**
 * A form in a dialog: the fields, the server's refusal at the top, and a footer with Cancel and the
 * submit button (which submits the form from outside it, so Enter in a field submits too).
 */
export function FormDialog({
  submitLabel,
  cancelLabel = 'Cancel',
  onSubmit,
  loading = false,
  submitDisabled = false,
  error,
  tone,
  formId,
  className = 'space-y-4',
  children,
  ...modal
}: FormDialogProps) {
  const generatedId = useId();
  const id = formId ?? generatedId;
  return (
    <CancelOrActModal
      {...modal}
      cancelLabel={cancelLabel}
      loading={loading}
      disabled={submitDisabled}
      act={{ type: 'submit', form: id }}
      actLabel={submitLabel}
      actTone={tone}
    >
      <form id={id} noValidate className={className} onSubmit={onSubmit}>
        {error ? <Alert>{errorMessage(error)}</Alert> : null}
        {children}
      </form>
    </CancelOrActModal>
  );
}

/**
 * Closing a form that holds changes asks first (issue 29 item n): `requestClose` is the dialog's onClose
 * (Escape, the backdrop, ×, Cancel); with changes it opens "Discard changes?", whose Discard runs `discard`
 * then `close`. Render `question` next to the form's dialog.
 */
export function useDiscardQuestion({
  dirty,
  close,
  discard,
}: {
  dirty: boolean;
  close: () => void;
  discard?: () => void;
}) {
  const [asking, setAsking] = useState(false);
  const requestClose = useCallback(() => {
    if (dirty) setAsking(true);
    else close();
  }, [dirty, close]);
  const question = (
    <ConfirmDialog
      open={asking}
      onClose={() => setAsking(false)}
      onConfirm={() => {
        setAsking(false);
        discard?.();
        close();
      }}
      title="Discard changes?"
      description="What you typed in this form will be lost."
      confirmLabel="Discard"
      cancelLabel="Keep editing"
      tone="danger"
    />
  );
  return { requestClose, question };
}

/**
 * "Delete <name>?" for a list row: closes once the delete answered without an error, shows the refusal
 * otherwise. `item` is the row being deleted (null: closed).
 */
export function ConfirmDeleteDialog<T extends { id: number; name: string }>({
  item,
  noun,
  description,
  onClose,
  onDelete,
  loading,
  error,
}: {
  item: T | null;
  /** "template", "sequence": the title without a row and the button's label. */
  noun: string;
  description: string;
  onClose: () => void;
  onDelete: (id: number) => Promise<{ error?: unknown }>;
  loading: boolean;
  error: ConfirmDialogProps['error'];
}) {
  return (
    <ConfirmDialog
      open={item !== null}
      onClose={onClose}
      onConfirm={() => {
        if (!item) return;
        void onDelete(item.id).then((result) => {
          if (!result.error) onClose();
        });
      }}
      title={item ? `Delete ${item.name}?` : `Delete ${noun}?`}
      description={description}
      confirmLabel={`Delete ${noun}`}
      tone="danger"
      loading={loading}
      error={error}
    />
  );
}
