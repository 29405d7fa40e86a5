// The compose window: a lazy chunk (it carries the rich text editor), opened by the record pages.
import { useId, useState, type ReactNode } from 'react';
import { Dialog, DialogPanel, DialogTitle, DialogBackdrop } from '@headlessui/react';
import { Clock, Send, X } from 'lucide-react';
import type { Message, MessageRecordType } from '@recruitdesk/contracts/messages';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import type { ApiQueryError } from '@/lib/base-api';
import { useComposeMessageMutation } from '../api';
import {
  composeBody,
  newIdempotencyKey,
  replyDraft,
  withAssistantDraft,
  sendRefusal,
  validateDraft,
  type ComposeDraft,
  type ComposeErrors,
  type RecipientChip,
} from '../compose-logic';
import { ComposeAttachments } from './compose-attachments';
import { RecipientField } from './recipient-field';
import { RichTextEditor } from '@/components/ui/rich-text-editor';
import { TemplatePicker, TemplateWarnings, type AppliedTemplate } from './template-picker';
import { AssistantDraft } from './assistant-draft';

/** What the page that opens the window knows: who to, which records, the candidate's resume. */
export interface ComposeOptions {
  to?: RecipientChip[];
  /** Records the message belongs to besides its recipients' (the pipeline or role it was written from). */
  records?: { type: MessageRecordType; id: number }[];
  /** The candidate it is about: the template's candidate, and "Attach resume" when they have one. */
  candidate?: { id: number; name: string; hasResume: boolean } | undefined;
  contactId?: number | undefined;
  roleId?: number | undefined;
  pipelineId?: number | undefined;
  replyTo?: Message | undefined;
}

function Section({ children }: { children: ReactNode }) {
  return <div className="border-b border-gray-200 px-4 py-3 sm:px-6 dark:border-white/10">{children}</div>;
}

/**
 * Compose (or reply): recipients from the records or typed, a template filled from the records, rich
 * text, attachments (the candidate's resume in one click, files up to 25 MB), send now or later. The
 * `Idempotency-Key` is made once per window: a double click or a retry after a lost answer sends once.
 */
export function ComposeWindow({
  open,
  onClose,
  options,
  onSent,
}: {
  open: boolean;
  onClose: () => void;
  options: ComposeOptions;
  onSent?: (message: Message) => void;
}) {
  const reply = options.replyTo ? replyDraft(options.replyTo) : null;
  const [draft, setDraft] = useState<ComposeDraft>(() => ({
    to: reply?.to ?? options.to ?? [],
    cc: [],
    bcc: [],
    subject: reply?.subject ?? '',
    bodyHtml: '',
    attachments: [],
    sendAt: '',
    templateId: undefined,
    inReplyTo: reply?.inReplyTo,
    records: options.records ?? [],
  }));
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [bodyVersion, setBodyVersion] = useState(0);
  const [showCopies, setShowCopies] = useState(false);
  const [later, setLater] = useState(false);
  const [template, setTemplate] = useState<AppliedTemplate | null>(null);
  const [missingConfirmed, setMissingConfirmed] = useState(false);
  const [errors, setErrors] = useState<ComposeErrors>({});
  const [uploading, setUploading] = useState(false);
  const [asking, setAsking] = useState(false);
  const [send, sending] = useComposeMessageMutation();
  const subjectId = useId();
  const bodyErrorId = useId();
  const sendAtId = useId();

  const update = (patch: Partial<ComposeDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors({});
  };
  const dirty = Boolean(draft.subject || draft.bodyHtml || draft.attachments.length) && !sending.isSuccess;
  const requestClose = () => (dirty ? setAsking(true) : onClose());

  const firstOf = (record: 'candidate' | 'contact') => {
    const chip = draft.to.find((c) => 'record' in c.input && c.input.record === record);
    return chip && 'record' in chip.input ? chip.input.id : undefined;
  };
  const previewContext = {
    candidate_id: options.candidate?.id ?? firstOf('candidate'),
    contact_id: options.contactId ?? firstOf('contact'),
    role_id: options.roleId,
    pipeline_id: options.pipelineId,
  };
  const applyTemplate = (applied: AppliedTemplate) => {
    setTemplate(applied);
    setMissingConfirmed(false);
    update({ subject: applied.subject, bodyHtml: applied.body_html, templateId: applied.templateId });
    setBodyVersion((v) => v + 1);
  };

  const submit = async () => {
    const found = validateDraft(draft, { missing: template?.missing ?? [], missingConfirmed });
    if (uploading) found.form = 'Wait for the attachments to finish uploading.';
    setErrors(found);
    if (Object.keys(found).length) return;
    const result = await send({ body: composeBody(draft), idempotencyKey });
    if (result.data) {
      onSent?.(result.data);
      onClose();
    } else if (result.error) {
      const fields = (result.error as ApiQueryError).fields;
      if (fields) {
        setErrors({
          ...(fields.to?.[0] ? { to: fields.to[0] } : {}),
          ...(fields.subject?.[0] ? { subject: fields.subject[0] } : {}),
        });
      }
    }
  };
  const refusal = sendRefusal(sending.error as ApiQueryError | undefined);
  const title = options.replyTo ? 'Reply' : 'New email';

  return (
    <Dialog open={open} onClose={requestClose} className="fixed inset-0 z-50">
      <DialogBackdrop className="fixed inset-0 bg-gray-900/50 dark:bg-black/70" />
      <div className="fixed inset-0 flex items-stretch justify-center sm:items-center sm:p-4">
        <DialogPanel className="flex h-full w-full flex-col bg-white shadow-xl sm:h-auto sm:max-h-[92vh] sm:max-w-3xl sm:rounded-2xl sm:border sm:border-gray-200 dark:bg-gray-900 sm:dark:border-white/10">
          <div className="flex items-center justify-between gap-4 border-b border-gray-200 px-4 py-3 sm:px-6 dark:border-white/10">
            <DialogTitle className="text-base font-semibold text-gray-900 dark:text-white">{title}</DialogTitle>
            <button
              type="button"
              onClick={requestClose}
              aria-label="Close"
              className="inline-flex size-8 items-center justify-center rounded-lg text-gray-400 hover:bg-gray-100 hover:text-gray-600 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5"
            >
              <X aria-hidden="true" className="size-4" />
            </button>
          </div>
          <form
            noValidate
            className="flex min-h-0 flex-1 flex-col"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <div className="min-h-0 flex-1 overflow-y-auto">
              <Section>
                <div className="space-y-2">
                  <RecipientField label="To" value={draft.to} onChange={(to) => update({ to })} error={errors.to} />
                  {showCopies ? (
                    <>
                      <RecipientField label="Cc" value={draft.cc} onChange={(cc) => update({ cc })} />
                      <RecipientField label="Bcc" value={draft.bcc} onChange={(bcc) => update({ bcc })} />
                    </>
                  ) : (
                    <div className="pl-12">
                      <Button variant="ghost" size="sm" onClick={() => setShowCopies(true)}>
                        Add Cc or Bcc
                      </Button>
                    </div>
                  )}
                </div>
              </Section>
              {options.replyTo ? null : (
                <Section>
                  <AssistantDraft
                    context={{
                      ...(previewContext.candidate_id ? { candidate_id: previewContext.candidate_id } : {}),
                      ...(previewContext.contact_id ? { contact_id: previewContext.contact_id } : {}),
                      ...(options.roleId ? { role_id: options.roleId } : {}),
                      ...(options.pipelineId ? { pipeline_id: options.pipelineId } : {}),
                    }}
                    onDraft={(suggestion) => {
                      setTemplate(null);
                      setDraft((d) => withAssistantDraft(d, suggestion));
                      setErrors({});
                      setBodyVersion((v) => v + 1);
                    }}
                  />
                </Section>
              )}
              <Section>
                <div className="grid gap-3 sm:grid-cols-2">
                  {options.replyTo ? null : <TemplatePicker context={previewContext} onApply={applyTemplate} />}
                  <div className={options.replyTo ? 'sm:col-span-2' : undefined}>
                    <div className="space-y-1.5">
                      <label htmlFor={subjectId} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
                        Subject
                      </label>
                      <Input
                        id={subjectId}
                        value={draft.subject}
                        maxLength={998}
                        invalid={Boolean(errors.subject)}
                        aria-describedby={errors.subject ? `${subjectId}-error` : undefined}
                        onChange={(event) => update({ subject: event.target.value })}
                      />
                      {errors.subject ? (
                        <p id={`${subjectId}-error`} className="text-sm text-red-600 dark:text-red-400">
                          {errors.subject}
                        </p>
                      ) : null}
                    </div>
                  </div>
                </div>
                {template ? (
                  <div className="mt-3">
                    <TemplateWarnings
                      missing={template.missing}
                      unknown={template.unknown}
                      confirmed={missingConfirmed}
                      onConfirm={(value) => {
                        setMissingConfirmed(value);
                        setErrors({});
                      }}
                    />
                  </div>
                ) : null}
              </Section>
              <Section>
                <RichTextEditor
                  key={bodyVersion}
                  label="Message"
                  initialHtml={draft.bodyHtml}
                  onChange={(bodyHtml) => update({ bodyHtml })}
                  invalid={Boolean(errors.body)}
                  describedBy={errors.body ? bodyErrorId : undefined}
                />
                {errors.body ? (
                  <p id={bodyErrorId} className="mt-1.5 text-sm text-red-600 dark:text-red-400">
                    {errors.body}
                  </p>
                ) : null}
                <p className="mt-1.5 text-xs text-gray-500 dark:text-gray-400">
                  Your signature is added when it is sent.
                </p>
              </Section>
              <Section>
                <ComposeAttachments
                  attachments={draft.attachments}
                  candidate={options.candidate}
                  onAdd={(attachment) => setDraft((d) => ({ ...d, attachments: [...d.attachments, attachment] }))}
                  onRemove={(a) =>
                    update({ attachments: draft.attachments.filter((x) => !(x.kind === a.kind && x.id === a.id)) })
                  }
                  onUploadingChange={setUploading}
                />
              </Section>
              <Section>
                <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
                  <input
                    type="checkbox"
                    checked={later}
                    onChange={(event) => {
                      setLater(event.target.checked);
                      if (!event.target.checked) update({ sendAt: '' });
                    }}
                    className="size-4 accent-brand-600"
                  />
                  Send later
                </label>
                {later ? (
                  <div className="mt-2 max-w-xs space-y-1.5">
                    <label htmlFor={sendAtId} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
                      Send at
                    </label>
                    <Input
                      id={sendAtId}
                      type="datetime-local"
                      value={draft.sendAt}
                      invalid={Boolean(errors.sendAt)}
                      onChange={(event) => update({ sendAt: event.target.value })}
                    />
                    {errors.sendAt ? <p className="text-sm text-red-600 dark:text-red-400">{errors.sendAt}</p> : null}
                  </div>
                ) : null}
              </Section>
            </div>
            <div className="space-y-2 border-t border-gray-200 px-4 py-3 sm:px-6 dark:border-white/10">
              {errors.form ? <Alert>{errors.form}</Alert> : null}
              {refusal ? <Alert>{refusal}</Alert> : null}
              <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                <Button variant="secondary" onClick={requestClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={sending.isLoading}>
                  {sending.isLoading ? null : later && draft.sendAt ? (
                    <Clock aria-hidden="true" className="size-4" />
                  ) : (
                    <Send aria-hidden="true" className="size-4" />
                  )}
                  {later && draft.sendAt ? 'Schedule' : 'Send'}
                </Button>
              </div>
            </div>
          </form>
        </DialogPanel>
      </div>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        title="Discard this email?"
        description="What you wrote will be lost."
        confirmLabel="Discard"
        cancelLabel="Keep writing"
        tone="danger"
      />
    </Dialog>
  );
}

export default ComposeWindow;
