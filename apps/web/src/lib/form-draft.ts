// Drafts of half-filled forms (issue 29 item n): what is typed into a form is kept in sessionStorage, keyed by
// form and record, so a reload, an accidental close or a session that expired mid-typing (the sign-in page
// sends the user back to the same tab) does not lose it. sessionStorage, not localStorage: the tab's own,
// gone when it closes, and never on the disk of a shared computer (security rule 20). A draft belongs to the
// signed-in user: another user in the same tab does not see it, and signing out removes every draft.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

const PREFIX = 'recruitdesk:draft:';

interface StoredDraft {
  owner: string | null;
  values: unknown;
}

let owner: string | null = null;

/** Whose drafts are read and written: the signed-in user (app/provider.tsx keeps it current). */
export function setDraftOwner(userId: number | string | null) {
  owner = userId === null ? null : String(userId);
}

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** The draft kept under `key` for the signed-in user, or null. */
export function readDraft<T>(key: string): T | null {
  const raw = storage()?.getItem(PREFIX + key);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as StoredDraft;
    return draft.owner === owner ? (draft.values as T) : null;
  } catch {
    return null;
  }
}

export function writeDraft(key: string, values: unknown) {
  try {
    storage()?.setItem(PREFIX + key, JSON.stringify({ owner, values } satisfies StoredDraft));
  } catch {
    // Full or unavailable storage: the form still works, only without a draft.
  }
}

export function clearDraft(key: string) {
  storage()?.removeItem(PREFIX + key);
}

/** Signing out: every draft of this tab goes. */
export function clearAllDrafts() {
  const store = storage();
  if (!store) return;
  for (let index = store.length - 1; index >= 0; index -= 1) {
    const key = store.key(index);
    if (key?.startsWith(PREFIX)) store.removeItem(key);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export interface FormDraft {
  /** The form opened with a draft from an earlier visit. */
  restored: boolean;
  /** After a successful save: the draft is done with. */
  clear: () => void;
  /** Throws the draft away and puts the form back as it was first filled. */
  discard: () => void;
}

/**
 * Keeps a react-hook-form form's values as a draft under `key` (e.g. `candidate:new`, `client:14`): restores
 * a kept draft when the form mounts (the form then counts as changed), writes every change, and forgets the
 * draft once the values are back to the form's defaults. `key` null: no draft.
 */
export function useFormDraft<T extends FieldValues>(key: string | null, form: UseFormReturn<T>): FormDraft {
  const { reset, subscribe } = form;
  const [restored, setRestored] = useState(false);
  const defaults = useRef(form.formState.defaultValues);

  useEffect(() => {
    if (!key) return;
    const kept = readDraft<T>(key);
    if (kept && !same(kept, defaults.current)) {
      reset(kept, { keepDefaultValues: true });
      setRestored(true);
    }
    return subscribe({
      formState: { values: true },
      callback: ({ values }) => {
        if (same(values, defaults.current)) clearDraft(key);
        else writeDraft(key, values);
      },
    });
  }, [key, reset, subscribe]);

  const clear = useCallback(() => {
    if (!key) return;
    clearDraft(key);
    setRestored(false);
  }, [key]);

  const discard = useCallback(() => {
    if (key) clearDraft(key);
    setRestored(false);
    reset();
  }, [key, reset]);

  return { restored, clear, discard };
}
