import { useId, useState } from 'react';
import { Ban, Download, ShieldAlert, ShieldCheck, ShieldOff, Trash2 } from 'lucide-react';
import type { Candidate } from '@recruitdesk/contracts/candidates';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Menu, MenuAction, MenuButton, MenuPanel, MenuSeparator } from '@/components/ui/menu';
import { apiDownloadFile } from '@/lib/api';
import { errorMessage } from '@/lib/base-api';
import { useAppDispatch } from '@/lib/hooks';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useEraseCandidateMutation, useRestrictCandidateMutation } from '../api';

// A candidate's personal data (issue 34, docs/data-protection.md), for owners: the access export, the
// "do not process" flag and erasure.

/** The name as typed to confirm an erasure: spaces around and between words do not count. */
export const sameName = (typed: string, name: string) =>
  typed.normalize('NFC').trim().replace(/\s+/g, ' ') === name.normalize('NFC').trim().replace(/\s+/g, ' ');

/** Shown on the page while processing is restricted (or the person was erased). */
export function RestrictedBanner({ candidate }: { candidate: Pick<Candidate, 'processing_restricted' | 'erased_at'> }) {
  if (!candidate.processing_restricted) return null;
  return (
    <div
      role="status"
      className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset dark:bg-amber-500/10 dark:text-amber-200 dark:ring-amber-500/20"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0">
        <p className="font-medium">{candidate.erased_at ? 'Erased' : 'Processing restricted'}</p>
        <p className="mt-1">
          {candidate.erased_at
            ? 'This person’s data was erased. The record keeps only what the books need.'
            : 'Do not process: this candidate is left out of search, matching, bulk email and exports.'}
        </p>
      </div>
    </div>
  );
}

/** "Erase {name}?": the button stays disabled until the person's full name is typed. */
export function EraseCandidateDialog({
  candidate,
  open,
  onClose,
  onErased,
}: {
  candidate: Pick<Candidate, 'id' | 'name'>;
  open: boolean;
  onClose: () => void;
  onErased: () => void;
}) {
  const dispatch = useAppDispatch();
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [done, setDone] = useState(false);
  const [erase, { isLoading, error, reset }] = useEraseCandidateMutation();
  const close = () => {
    setTyped('');
    reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      tone="danger"
      title={`Erase ${candidate.name}?`}
      description="Their contact details, resume, notes, messages and applications are removed for good, and the record becomes an anonymous one that keeps only placements and invoices. This cannot be undone."
      confirmLabel="Erase candidate"
      loading={isLoading || done}
      confirmDisabled={!sameName(typed, candidate.name)}
      onConfirm={async () => {
        const result = await erase({ id: candidate.id, confirmName: typed });
        if ('error' in result && result.error) return;
        setDone(true);
        dispatch(notifySuccess(`${candidate.name} was erased.`));
        onErased();
      }}
    >
      <div className="space-y-2">
        {error ? <Alert>{errorMessage(error)}</Alert> : null}
        <label htmlFor={inputId} className="block text-sm font-medium text-gray-900 dark:text-white">
          Type <span className="font-semibold">{candidate.name}</span> to confirm
        </label>
        <Input
          id={inputId}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}

/** The owners' "Personal data" menu on the candidate page, with its dialogs. */
export function PersonalDataMenu({
  candidate,
  onErased,
}: {
  candidate: Pick<Candidate, 'id' | 'name' | 'processing_restricted' | 'erased_at'>;
  onErased: () => void;
}) {
  const dispatch = useAppDispatch();
  const [confirming, setConfirming] = useState<'restrict' | 'erase' | null>(null);
  const [restrict, restriction] = useRestrictCandidateMutation();
  const restricted = candidate.processing_restricted;
  const download = async () => {
    try {
      await apiDownloadFile(`/api/candidates/${candidate.id}/export-personal-data/`, {
        method: 'POST',
        accept: 'application/zip',
        fallbackName: `candidate-${candidate.id}-personal-data.zip`,
      });
    } catch (error) {
      dispatch(notifyError(errorMessage(error)));
    }
  };
  return (
    <>
      <Menu>
        <MenuButton as={Button} variant="ghost">
          <ShieldCheck aria-hidden="true" className="size-4" />
          Personal data
        </MenuButton>
        <MenuPanel>
          <MenuAction icon={Download} onClick={() => void download()}>
            Download personal data
          </MenuAction>
          {candidate.erased_at ? null : (
            <>
              <MenuAction icon={restricted ? ShieldOff : Ban} onClick={() => setConfirming('restrict')}>
                {restricted ? 'Lift restriction' : 'Restrict processing'}
              </MenuAction>
              <MenuSeparator />
              <MenuAction icon={Trash2} onClick={() => setConfirming('erase')}>
                Erase candidate
              </MenuAction>
            </>
          )}
        </MenuPanel>
      </Menu>
      <ConfirmDialog
        open={confirming === 'restrict'}
        onClose={() => {
          restriction.reset();
          setConfirming(null);
        }}
        title={restricted ? `Lift the restriction on ${candidate.name}?` : `Restrict processing of ${candidate.name}?`}
        description={
          restricted
            ? 'They will show in search, matching, bulk email and exports again.'
            : 'The record stays, but search, matching, bulk email and exports leave them out until you lift it.'
        }
        confirmLabel={restricted ? 'Lift restriction' : 'Restrict processing'}
        loading={restriction.isLoading}
        error={restriction.error}
        onConfirm={async () => {
          const result = await restrict({ id: candidate.id, restricted: !restricted });
          if ('error' in result && result.error) return;
          setConfirming(null);
          dispatch(notifySuccess(restricted ? 'The restriction was lifted.' : 'Processing is restricted.'));
        }}
      />
      <EraseCandidateDialog
        candidate={candidate}
        open={confirming === 'erase'}
        onClose={() => setConfirming(null)}
        onErased={onErased}
      />
    </>
  );
}
