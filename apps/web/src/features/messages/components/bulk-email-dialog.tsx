import { useId, useState } from 'react';
import type { BulkSendResult } from '@recruitdesk/contracts/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { MessageBody } from '@/components/ui/message-body';
import { errorMessage } from '@/lib/base-api';
import { useBulkSendMutation } from '../api';
import { newIdempotencyKey } from '../compose-logic';
import { TemplatePicker, TemplateWarnings, type AppliedTemplate } from './template-picker';

export const BULK_MAX = 200;

export const LEFT_OUT_REASONS: Record<BulkSendResult['left_out'][number]['reason'], string> = {
  do_not_contact: 'Do not contact',
  unsubscribed: 'Unsubscribed',
  no_email: 'No email address',
  missing_fields: 'Missing template fields',
  restricted: 'Not allowed',
};

/** What a bulk send did: how many were queued, and who was left out and why. */
export function BulkSendResultView({ result }: { result: BulkSendResult }) {
  return (
    <div className="space-y-3">
      <Alert tone="success" title={`${result.queued} ${result.queued === 1 ? 'email' : 'emails'} queued`}>
        They are sent a few at a time; each shows its status on the candidate’s timeline.
      </Alert>
      {result.left_out.length ? (
        <div>
          <p className="text-sm font-medium text-gray-900 dark:text-white">Left out ({result.left_out.length})</p>
          <ul aria-label="Left out" className="mt-1 divide-y divide-gray-100 text-sm dark:divide-white/5">
            {result.left_out.map((l) => (
              <li key={l.candidate_id} className="flex flex-wrap justify-between gap-x-3 py-1.5">
                <span className="font-medium text-gray-900 dark:text-white">{l.name}</span>
                <span className="text-gray-600 dark:text-gray-400">
                  {LEFT_OUT_REASONS[l.reason]}
                  {l.detail ? ` — ${l.detail}` : ''}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/**
 * One template to the selected candidates (POST /api/messages/bulk/), each personalised: choose the
 * template, see it filled for the first candidate, send now or later, then see who was left out.
 */
export function BulkEmailDialog({
  candidates,
  roleId,
  onClose,
}: {
  candidates: { id: number; name: string }[];
  roleId?: number | undefined;
  onClose: () => void;
}) {
  const [template, setTemplate] = useState<AppliedTemplate | null>(null);
  const [sendAt, setSendAt] = useState('');
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [send, sending] = useBulkSendMutation();
  const sendAtId = useId();
  const first = candidates[0];
  const tooMany = candidates.length > BULK_MAX;
  const result = sending.data;
  const submit = () => {
    if (!template) return;
    void send({
      idempotencyKey,
      body: {
        template_id: template.templateId,
        candidate_ids: candidates.map((c) => c.id),
        ...(roleId ? { role_id: roleId } : {}),
        ...(sendAt ? { send_after: new Date(sendAt).toISOString() } : {}),
      },
    });
  };
  return (
    <Modal
      open
      onClose={onClose}
      size="lg"
      title={`Email ${candidates.length} ${candidates.length === 1 ? 'candidate' : 'candidates'}`}
      description="Each gets their own copy, filled in with their details. Do-not-contact and unsubscribed candidates are left out."
      footer={
        result ? (
          <Button onClick={onClose}>Done</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button onClick={submit} disabled={!template || tooMany || !first} loading={sending.isLoading}>
              {sendAt ? 'Schedule' : 'Send'} to {candidates.length}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <BulkSendResultView result={result} />
      ) : (
        <div className="space-y-4">
          {tooMany ? <Alert>Send to at most {BULK_MAX} candidates at once; select fewer.</Alert> : null}
          {first ? null : <Alert>There is no one to email: no candidate is in an open pipeline.</Alert>}
          {first ? (
            <TemplatePicker
              context={{ candidate_id: first.id, ...(roleId ? { role_id: roleId } : {}) }}
              onApply={setTemplate}
            />
          ) : null}
          {template && first ? (
            <div className="space-y-2">
              <p className="text-sm text-gray-600 dark:text-gray-400">Preview for {first.name}:</p>
              <TemplateWarnings missing={template.missing} unknown={template.unknown} />
              {template.missing.length ? (
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  Candidates without these values are left out and listed after sending.
                </p>
              ) : null}
              <p className="text-sm">
                <span className="font-medium text-gray-900 dark:text-white">Subject: </span>
                {template.subject}
              </p>
              <div className="rounded-lg p-2 ring-1 ring-gray-200 dark:ring-white/10">
                <MessageBody html={template.body_html} title={`Preview for ${first.name}`} />
              </div>
            </div>
          ) : null}
          <div className="max-w-xs space-y-1.5">
            <label htmlFor={sendAtId} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
              Send later (optional)
            </label>
            <Input id={sendAtId} type="datetime-local" value={sendAt} onChange={(e) => setSendAt(e.target.value)} />
          </div>
          {sending.error ? <Alert>{errorMessage(sending.error)}</Alert> : null}
        </div>
      )}
    </Modal>
  );
}

export default BulkEmailDialog;
