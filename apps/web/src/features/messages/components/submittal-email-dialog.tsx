// The submittal email: a lazy chunk (it carries the rich text editor), opened from a pipeline.
import { useId, useState } from 'react';
import type { ApiQueryError } from '@/lib/base-api';
import { useListClientContactsQuery } from '@/api/contacts';
import { Alert } from '@/components/ui/alert';
import { FormDialog } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { RichTextEditor } from '@/components/ui/rich-text-editor';
import { Select } from '@/components/ui/select';
import { errorMessage } from '@/lib/base-api';
import { useSendSubmittalEmailMutation } from '../api';
import { isBodyEmpty, leftoverTags, newIdempotencyKey } from '../compose-logic';
import { TemplatePicker, TemplateWarnings, type AppliedTemplate } from './template-picker';

export interface SubmittalEmailProps {
  open: boolean;
  onClose: () => void;
  onSent?: () => void;
  pipelineId: number;
  candidate: { id: number; name: string; hasResume: boolean };
  role: { id: number; name: string; clientId: number; clientName: string; hiringManagerId?: number | undefined };
}

/**
 * "Email submittal": the candidate to the role's hiring manager (or another of the client's contacts),
 * from a submittal template, with the resume (optionally without contact details). Sending records the
 * submittal (POST /api/pipelines/{id}/submittal-email/).
 */
export function SubmittalEmailDialog({ open, onClose, onSent, pipelineId, candidate, role }: SubmittalEmailProps) {
  const { data: contactsData, isLoading: loadingContacts } = useListClientContactsQuery(role.clientId);
  const contacts = (contactsData?.contacts ?? []).filter((c) => !c.left_company && c.email);
  const [contactId, setContactId] = useState<number | ''>(role.hiringManagerId ?? '');
  const [subject, setSubject] = useState(`${candidate.name} for ${role.name}`);
  const [body, setBody] = useState('');
  const [bodyVersion, setBodyVersion] = useState(0);
  const [template, setTemplate] = useState<AppliedTemplate | null>(null);
  const [missingConfirmed, setMissingConfirmed] = useState(false);
  const [attachResume, setAttachResume] = useState(candidate.hasResume);
  const [redact, setRedact] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [send, sending] = useSendSubmittalEmailMutation();
  const selectId = useId();
  const chosen = contactId || contacts[0]?.id;

  const apply = (applied: AppliedTemplate) => {
    setTemplate(applied);
    setMissingConfirmed(false);
    setSubject(applied.subject);
    setBody(applied.body_html);
    setBodyVersion((v) => v + 1);
    setProblem(null);
  };
  const submit = async () => {
    if (!chosen) return setProblem('Choose who receives the submittal.');
    if (!subject.trim()) return setProblem('Enter a subject.');
    if (isBodyEmpty(body)) return setProblem('Write the message.');
    const tags = leftoverTags(`${subject} ${body}`);
    if (tags.length)
      return setProblem(`Replace the merge tags before sending: ${tags.map((t) => `{{${t}}}`).join(', ')}.`);
    if (template?.missing.length && !missingConfirmed)
      return setProblem(`The template has no value for ${template.missing.join(', ')}.`);
    setProblem(null);
    const result = await send({
      pipelineId,
      idempotencyKey,
      body: {
        to_contact_id: chosen,
        subject: subject.trim(),
        body_html: body,
        attach_resume: attachResume,
        redact_contact_details: attachResume && redact,
        ...(template ? { template_id: template.templateId } : {}),
      },
    });
    if (!result.error) {
      onSent?.();
      onClose();
    }
  };
  const refusal = sending.error
    ? (sending.error as ApiQueryError).status === 409
      ? `Not sent: ${errorMessage(sending.error)}`
      : errorMessage(sending.error)
    : null;

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title="Email submittal"
      description={`${candidate.name} to ${role.clientName} for ${role.name}. Sending records the submittal.`}
      size="lg"
      submitLabel="Send submittal"
      loading={sending.isLoading}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <div className="space-y-1.5">
        <label htmlFor={selectId} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
          To
        </label>
        <Select
          id={selectId}
          value={chosen ?? ''}
          disabled={loadingContacts}
          onChange={(event) => setContactId(event.target.value ? Number(event.target.value) : '')}
        >
          {contacts.length ? null : (
            <option value="">{loadingContacts ? 'Loading contacts…' : 'No contacts with an email'}</option>
          )}
          {contacts.map((c) => (
            <option key={c.id} value={c.id}>
              {c.name} ({c.email}){c.id === role.hiringManagerId ? ' · hiring manager' : ''}
            </option>
          ))}
        </Select>
      </div>
      <TemplatePicker
        purpose="submittal"
        context={{ candidate_id: candidate.id, contact_id: chosen, role_id: role.id, pipeline_id: pipelineId }}
        onApply={apply}
      />
      {template ? (
        <TemplateWarnings
          missing={template.missing}
          unknown={template.unknown}
          confirmed={missingConfirmed}
          onConfirm={setMissingConfirmed}
        />
      ) : null}
      <Field label="Subject">
        <Input value={subject} maxLength={998} onChange={(event) => setSubject(event.target.value)} />
      </Field>
      <RichTextEditor key={bodyVersion} label="Message" initialHtml={body} onChange={setBody} minHeight="min-h-40" />
      <div className="space-y-2">
        <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
          <input
            type="checkbox"
            role="switch"
            checked={attachResume}
            disabled={!candidate.hasResume}
            onChange={(event) => setAttachResume(event.target.checked)}
            className="size-4 accent-brand-600"
          />
          Attach resume{candidate.hasResume ? '' : ' (the candidate has no resume)'}
        </label>
        <label className="flex items-center gap-2 text-sm text-gray-700 dark:text-gray-300">
          <input
            type="checkbox"
            role="switch"
            checked={redact}
            disabled={!attachResume}
            onChange={(event) => setRedact(event.target.checked)}
            className="size-4 accent-brand-600"
          />
          Remove contact details from the resume
        </label>
      </div>
      {problem ? <Alert>{problem}</Alert> : null}
      {refusal ? <Alert>{refusal}</Alert> : null}
    </FormDialog>
  );
}

export default SubmittalEmailDialog;
