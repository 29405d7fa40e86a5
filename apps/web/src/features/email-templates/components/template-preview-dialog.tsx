import { useId, useState } from 'react';
import type { EmailTemplate } from '@recruitdesk/contracts/messages';
import { usePreviewEmailTemplateMutation, useSearchPeopleQuery, type PickablePerson } from '@/api/email';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Modal } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { MessageBody } from '@/components/ui/message-body';
import { errorMessage } from '@/lib/base-api';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** Fills the template from a chosen candidate (POST …/{id}/preview/) and shows what would be sent. */
export function TemplatePreviewDialog({ template, onClose }: { template: EmailTemplate; onClose: () => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 250);
  const { data: people = [], isFetching } = useSearchPeopleQuery({ q, only: 'candidate' }, { skip: q.length < 2 });
  const [chosen, setChosen] = useState<PickablePerson | null>(null);
  const [preview, previewing] = usePreviewEmailTemplateMutation();
  const choose = (person: PickablePerson) => {
    setChosen(person);
    setText('');
    void preview({ id: template.id, body: { candidate_id: person.id } });
  };
  const result = previewing.data;
  return (
    <Modal
      open
      onClose={onClose}
      title={`Preview ${template.name}`}
      description="Choose a candidate to see the template filled in with their details."
      size="lg"
      footer={
        <Button variant="secondary" onClick={onClose}>
          Close
        </Button>
      }
    >
      <div className="space-y-4">
        <div className="space-y-1.5">
          <label htmlFor={id} className="block text-sm font-medium text-gray-900 dark:text-gray-100">
            Candidate
          </label>
          <Input
            id={id}
            type="search"
            value={text}
            autoComplete="off"
            placeholder={chosen ? chosen.name : 'Search candidates by name or email'}
            onChange={(event) => setText(event.target.value)}
          />
          {q.length >= 2 ? (
            <ul
              aria-label="Matching candidates"
              className="max-h-48 overflow-auto rounded-lg ring-1 ring-gray-200 dark:ring-white/10"
            >
              {people.map((p) => (
                <li key={p.id}>
                  <button
                    type="button"
                    onClick={() => choose(p)}
                    className="w-full px-3 py-1.5 text-left text-sm hover:bg-gray-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-white/5"
                  >
                    {p.name}
                    {p.email ? <span className="text-gray-500 dark:text-gray-400"> · {p.email}</span> : null}
                  </button>
                </li>
              ))}
              {!people.length ? (
                <li className="px-3 py-1.5 text-sm text-gray-500">
                  {isFetching ? 'Searching…' : 'No candidates found.'}
                </li>
              ) : null}
            </ul>
          ) : null}
        </div>
        {previewing.error ? <Alert>{errorMessage(previewing.error)}</Alert> : null}
        {chosen && result ? (
          <div className="space-y-3" aria-live="polite">
            {result.missing.length ? (
              <Alert title="Missing values">
                {chosen.name} has no value for {result.missing.map((f) => `{{${f}}}`).join(', ')}: sending this would be
                refused until they are filled in.
              </Alert>
            ) : null}
            {result.unknown.length ? (
              <Alert title="Unknown tags">
                Not merge fields (sent as written): {result.unknown.map((f) => `{{${f}}}`).join(', ')}.
              </Alert>
            ) : null}
            <p className="text-sm">
              <span className="font-medium text-gray-900 dark:text-white">Subject: </span>
              <span data-testid="preview-subject">{result.subject}</span>
            </p>
            <div className="rounded-lg p-2 ring-1 ring-gray-200 dark:ring-white/10">
              <MessageBody html={result.body_html} title={`${template.name} for ${chosen.name}`} />
            </div>
          </div>
        ) : null}
      </div>
    </Modal>
  );
}
