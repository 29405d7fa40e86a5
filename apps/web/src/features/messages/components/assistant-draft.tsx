// "Draft with the assistant" in the compose window (issue 33): the user's words → a draft filled from the data
// (POST /api/messages/drafts/). Nothing is sent without the user's click: a draft to one person fills the form;
// follow-ups to several candidates are sent one each, from a personal template, through the bulk send.
import { useId, useState } from 'react';
import { Sparkles } from 'lucide-react';
import type { Draft, DraftRequest } from '@recruitdesk/contracts/drafts';
import type { BulkSendResult } from '@recruitdesk/contracts/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Textarea } from '@/components/ui/textarea';
import { MessageBody } from '@/components/ui/message-body';
import { errorMessage } from '@/lib/base-api';
import { useCreateEmailTemplateMutation } from '@/api/email';
import { useBulkSendMutation, useDraftMessageMutation } from '../api';
import { newIdempotencyKey } from '../compose-logic';
import { BulkSendResultView } from './bulk-email-dialog';

type Context = Omit<DraftRequest, 'request'>;

/** Sends the follow-up draft to each of its candidates: a personal template made from it, then one bulk send. */
function SendEach({ draft, onDone }: { draft: Draft; onDone: () => void }) {
  const [createTemplate, creating] = useCreateEmailTemplateMutation();
  const [bulkSend, sending] = useBulkSendMutation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [result, setResult] = useState<BulkSendResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const send = async () => {
    setError(null);
    const template = await createTemplate({
      name: `${draft.subject} (${new Date().toLocaleDateString()})`,
      scope: 'personal',
      purpose: 'general',
      subject: draft.subject,
      body_html: draft.body_html,
    });
    if (!template.data) return setError(errorMessage(template.error));
    const sent = await bulkSend({
      body: { template_id: template.data.id, candidate_ids: draft.to.map((person) => person.id) },
      idempotencyKey,
    });
    if (sent.data) setResult(sent.data);
    else setError(errorMessage(sent.error));
  };
  if (result)
    return (
      <div className="space-y-3">
        <BulkSendResultView result={result} />
        <Button variant="secondary" onClick={onDone}>
          Done
        </Button>
      </div>
    );
  return (
    <div className="space-y-3">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Each candidate gets their own message, with their name filled in:
      </p>
      <ul aria-label="Follow-up recipients" className="flex flex-wrap gap-1.5 text-sm">
        {draft.to.map((person) => (
          <li key={person.id} className="rounded-full bg-gray-100 px-2.5 py-0.5 dark:bg-white/10">
            {person.name}
          </li>
        ))}
      </ul>
      <div className="rounded-lg border border-gray-200 p-3 dark:border-white/10">
        <p className="text-sm font-medium text-gray-900 dark:text-white">{draft.subject}</p>
        <MessageBody html={draft.body_html} title="Follow-up draft" />
      </div>
      {error ? <Alert title="Not sent">{error}</Alert> : null}
      <Button onClick={() => void send()} loading={creating.isLoading || sending.isLoading}>
        Send {draft.to.length} follow-up{draft.to.length === 1 ? '' : 's'}
      </Button>
    </div>
  );
}

export function AssistantDraft({ context, onDraft }: { context: Context; onDraft: (draft: Draft) => void }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [request, setRequest] = useState('');
  const [ask, asking] = useDraftMessageMutation();
  const [draft, setDraft] = useState<Draft | null>(null);
  const submit = async () => {
    if (request.trim().length < 3) return;
    const answer = await ask({ ...context, request: request.trim() });
    if (!answer.data) return;
    setDraft(answer.data);
    if (!answer.data.send_individually) onDraft(answer.data);
  };
  if (!open)
    return (
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <Sparkles aria-hidden="true" className="size-4" />
        Draft with the assistant
      </Button>
    );
  return (
    <div className="space-y-3 rounded-lg bg-gray-50 p-3 dark:bg-white/5">
      <label htmlFor={id} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
        What should the assistant draft?
      </label>
      <Textarea
        id={id}
        rows={2}
        value={request}
        maxLength={2000}
        placeholder="Draft a submittal of Jane Doe to the Data Engineer role's hiring manager"
        onChange={(event) => setRequest(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) void submit();
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => void submit()} loading={asking.isLoading} disabled={request.trim().length < 3}>
          Draft
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
          Close
        </Button>
      </div>
      {asking.error ? <Alert title="No draft">{errorMessage(asking.error)}</Alert> : null}
      {draft ? (
        <div className="space-y-2">
          {draft.notes.length ? (
            <ul aria-label="About this draft" className="list-disc pl-5 text-sm text-gray-600 dark:text-gray-400">
              {draft.notes.map((note) => (
                <li key={note}>{note}</li>
              ))}
            </ul>
          ) : null}
          {draft.send_individually ? (
            draft.to.length ? (
              <SendEach draft={draft} onDone={() => setDraft(null)} />
            ) : null
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">
              The draft is in the message below: read it, change what you like, then send.
            </p>
          )}
        </div>
      ) : null}
    </div>
  );
}
