import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EmailTemplate, TemplatePreview } from '@recruitdesk/contracts/messages';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { ComposeWindow } from './components/compose-window';
import { recordChip } from './compose-logic';
import { buildMessage } from './test-support/messages';

const template: EmailTemplate = {
  id: 4,
  name: 'First outreach',
  scope: 'shared',
  purpose: 'general',
  subject: 'Hello {{candidate.first_name}}',
  body_html: '<p>Hi {{candidate.first_name}}</p>',
  owner: null,
  updated_at: '2026-11-01T00:00:00Z',
  can_edit: true,
};

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let preview: TemplatePreview;
/** The answers of POST /api/messages/, in order (the last one repeats). */
let sendAnswers: (() => Response)[];

const sends = () =>
  fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/api/messages/'));
const headerOf = (init: RequestInit | undefined, name: string) => (init?.headers as Record<string, string>)[name];

// jsdom has no layout: ProseMirror measures the caret after typing, so ranges answer with empty boxes.
const emptyRects = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
if (!('getClientRects' in Range.prototype)) {
  Object.assign(Range.prototype, { getClientRects: emptyRects, getBoundingClientRect: () => new DOMRect() });
}
if (!document.elementFromPoint) document.elementFromPoint = () => null;

beforeEach(() => {
  resetApiStateForTests();
  document.cookie = 'csrftoken=test-token';
  preview = { subject: 'Hello Jane', body_html: '<p>Hi Jane</p>', missing: [], unknown: [] };
  sendAnswers = [() => jsonResponse(201, buildMessage({ id: 77, status: 'queued' }))];
  fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    if (method === 'GET' && url.includes('/api/email-templates/')) return jsonResponse(200, { results: [template] });
    if (method === 'POST' && url.includes('/api/email-templates/4/preview/')) return jsonResponse(200, preview);
    if (method === 'POST' && url.endsWith('/api/messages/')) {
      const answer = sendAnswers.length > 1 ? sendAnswers.shift()! : sendAnswers[0]!;
      return answer();
    }
    return jsonResponse(404, { success: false, error: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

function renderCompose() {
  const onClose = vi.fn();
  const onSent = vi.fn();
  renderWithProviders(
    <ComposeWindow
      open
      onClose={onClose}
      onSent={onSent}
      options={{
        to: [recordChip('candidate', 3, 'Jane Doe', 'jane@example.test')],
        candidate: { id: 3, name: 'Jane Doe', hasResume: true },
      }}
    />,
  );
  return { onClose, onSent };
}

async function chooseTemplate() {
  const picker = await screen.findByRole('combobox', { name: 'Template' });
  await waitFor(() => expect(screen.getByRole('option', { name: /First outreach/ })).toBeInTheDocument());
  await userEvent.selectOptions(picker, '4');
  await waitFor(() => expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Hello Jane'));
}

describe('ComposeWindow', () => {
  it('refuses to send without recipients, subject or text, and says why', async () => {
    renderWithProviders(<ComposeWindow open onClose={vi.fn()} options={{}} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Add at least one recipient.')).toBeInTheDocument();
    expect(screen.getByText('Enter a subject.')).toBeInTheDocument();
    expect(screen.getByText('Write a message.')).toBeInTheDocument();
    expect(sends()).toHaveLength(0);
  });

  it('fills the template from the records, attaches the resume and sends with the window’s Idempotency-Key', async () => {
    const { onSent, onClose } = renderCompose();
    expect(screen.getByRole('list', { name: 'To recipients' })).toHaveTextContent('Jane Doe <jane@example.test>');
    await chooseTemplate();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveTextContent('Hi Jane');
    await userEvent.click(screen.getByRole('button', { name: 'Attach resume' }));
    expect(screen.getByRole('button', { name: 'Resume attached' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalledWith(expect.objectContaining({ id: 77 })));
    expect(onClose).toHaveBeenCalled();
    const [[, init]] = sends() as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      to: [{ record: 'candidate', id: 3 }],
      subject: 'Hello Jane',
      body_html: '<p>Hi Jane</p>',
      attachments: [{ kind: 'candidate_resume', id: 3 }],
      template_id: 4,
    });
    expect(headerOf(init, 'Idempotency-Key')).toMatch(/\S{16,}/);
    const preview = fetchMock.mock.calls.find(([input]) => String(input).includes('/preview/'));
    expect(JSON.parse(String(preview?.[1]?.body))).toEqual({ candidate_id: 3 });
  });

  it('retries a send whose answer was lost with the same Idempotency-Key', async () => {
    sendAnswers = [
      () => jsonResponse(503, { success: false, error: 'The server is busy.' }),
      () => jsonResponse(200, buildMessage({ id: 77, status: 'queued' })),
    ];
    const { onSent } = renderCompose();
    await chooseTemplate();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The server is busy.')).toBeInTheDocument();
    expect(onSent).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const keys = sends().map(([, init]) => headerOf(init, 'Idempotency-Key'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('blocks sending while the template has fields without a value, and shows unknown tags', async () => {
    preview = {
      subject: 'Hello Jane',
      body_html: '<p>Hi Jane, about your work at .</p>',
      missing: ['candidate.current_company'],
      unknown: ['candidate.nickname'],
    };
    const { onSent } = renderCompose();
    await chooseTemplate();
    expect(screen.getByText(/Missing values: not ready to send/)).toBeInTheDocument();
    expect(screen.getByText(/\{\{candidate\.nickname\}\}/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText(/The template has no value for candidate\.current_company/)).toBeInTheDocument();
    expect(sends()).toHaveLength(0);
    await userEvent.click(screen.getByRole('checkbox', { name: 'I have filled these in myself' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(sends()).toHaveLength(1);
  });

  it('shows a do-not-contact refusal inline and keeps the window open', async () => {
    sendAnswers = [
      () => jsonResponse(409, { success: false, error: 'Jane Doe is marked do not contact.', code: 'DO_NOT_CONTACT' }),
    ];
    const { onClose } = renderCompose();
    await chooseTemplate();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Not sent: Jane Doe is marked do not contact.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('adds a typed address and refuses one that is not an address', async () => {
    renderWithProviders(<ComposeWindow open onClose={vi.fn()} options={{}} />);
    const to = await screen.findByRole('combobox', { name: 'To' });
    await userEvent.type(to, 'not-an-address@{Enter}');
    expect(screen.getByText('“not-an-address@” is not an email address.')).toBeInTheDocument();
    await userEvent.clear(to);
    await userEvent.type(to, 'Sam Lee <sam@example.test>{Enter}');
    expect(screen.getByRole('list', { name: 'To recipients' })).toHaveTextContent('Sam Lee <sam@example.test>');
  });

  it('replies to a received message: to its sender, "Re:" subject, in the same thread', async () => {
    const onSent = vi.fn();
    renderWithProviders(
      <ComposeWindow
        open
        onClose={vi.fn()}
        onSent={onSent}
        options={{
          replyTo: buildMessage({
            id: 41,
            direction: 'inbound',
            status: 'received',
            subject: 'About the role',
            from: { name: 'Jane Doe', address: 'jane@example.test' },
          }),
        }}
      />,
    );
    expect(await screen.findByRole('dialog', { name: 'Reply' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'To recipients' })).toHaveTextContent('Jane Doe <jane@example.test>');
    expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Re: About the role');
    // A reply has no template picker.
    expect(screen.queryByRole('combobox', { name: 'Template' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('textbox', { name: 'Message' }));
    await userEvent.keyboard('Thanks Jane');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    const [[, init]] = sends() as [[unknown, RequestInit]];
    expect(JSON.parse(String(init.body))).toMatchObject({
      to: [{ name: 'Jane Doe', address: 'jane@example.test' }],
      subject: 'Re: About the role',
      in_reply_to_message_id: 41,
    });
  });

  it('fills the form from the assistant’s draft: the hiring manager, subject, body and the resume; nothing sent', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'POST' && url.endsWith('/api/messages/drafts/'))
        return jsonResponse(200, {
          success: true,
          draft: {
            kind: 'submittal',
            engine: 'builtin',
            to: [{ record: 'contact', id: 9, name: 'Morgan Hale', address: 'morgan@cascade.test' }],
            subject: 'Submittal: Jane Doe for Data Engineer',
            body_html: '<p>Hi Morgan,</p>',
            records: [{ type: 'pipeline', id: 12 }],
            attachments: [{ kind: 'candidate_resume', id: 3, filename: 'jane.pdf' }],
            send_individually: false,
            notes: [],
          },
        });
      if (url.includes('/api/email-templates/')) return jsonResponse(200, { results: [] });
      return jsonResponse(404, { success: false, error: 'Not found.' });
    });
    renderCompose();
    await userEvent.click(await screen.findByRole('button', { name: 'Draft with the assistant' }));
    await userEvent.type(
      screen.getByRole('textbox', { name: 'What should the assistant draft?' }),
      'draft a submittal of Jane to the Data Engineer role',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Draft' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Subject' })).toHaveValue('Submittal: Jane Doe for Data Engineer'),
    );
    const draftCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/messages/drafts/'));
    expect(JSON.parse(String(draftCall![1]!.body))).toMatchObject({
      candidate_id: 3,
      request: 'draft a submittal of Jane to the Data Engineer role',
    });
    expect(screen.getByRole('list', { name: 'To recipients' })).toHaveTextContent('Morgan Hale <morgan@cascade.test>');
    expect(screen.getByText('jane.pdf')).toBeInTheDocument();
    expect(sends()).toHaveLength(0);
  });
});
