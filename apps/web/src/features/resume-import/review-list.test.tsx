import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ResumeBatch, ResumeDraft } from '@recruitdesk/contracts/resume-bulk';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { renderWithProviders } from '@/test/render';
import { BulkUpload, sortFiles } from './components/bulk-upload';
import { confidenceLabel, ResumeReviewList } from './components/review-list';

const fetchStub = installFetchStub();

function draft(
  id: number,
  overrides: Partial<ResumeDraft> = {},
  values: Partial<ResumeDraft['values']> = {},
): ResumeDraft {
  return {
    id,
    position: id - 1,
    filename: `cv-${id}.pdf`,
    size: 2048,
    status: 'parsed',
    values: {
      first_name: 'Person',
      last_name: `Number${id}`,
      email: `p${id}@example.com`,
      phone: '',
      location: '',
      linkedin_url: '',
      github_url: '',
      portfolio_url: '',
      current_title: '',
      current_company: '',
      years_experience: null,
      skills: [],
      ...values,
    },
    confidence: {},
    overall_confidence: 0.9,
    warnings: [],
    error: null,
    duplicates: [],
    batch_duplicates: [],
    candidate: null,
    ...overrides,
  };
}

function batchOf(drafts: ResumeDraft[], overrides: Partial<ResumeBatch> = {}): ResumeBatch {
  const counts = { pending: 0, parsed: 0, failed: 0, confirmed: 0, discarded: 0 };
  for (const item of drafts) counts[item.status] += 1;
  return {
    id: 5,
    status: 'ready',
    created_at: '2026-11-29T10:00:00Z',
    created_by: { id: 1, name: 'Rita Recruiter' },
    refused: [],
    progress: { done: drafts.length - counts.pending, total: drafts.length },
    counts,
    drafts,
    ...overrides,
  };
}

const grace = draft(
  1,
  {
    overall_confidence: 0.95,
    duplicates: [{ id: 42, name: 'Grace B. Hopper', email: 'grace@navy.test', reason: 'email' }],
  },
  {
    first_name: 'Grace',
    last_name: 'Hopper',
    email: 'grace@navy.test',
    phone: '+12025550147',
    current_title: 'Rear Admiral',
    current_company: 'US Navy',
    skills: ['COBOL', 'Compilers'],
  },
);
const alan = draft(
  2,
  {
    overall_confidence: 0.4,
    batch_duplicates: [{ draft_id: 3, filename: 'cv-3.pdf', reason: 'phone' }],
  },
  { first_name: 'Alan', last_name: 'Turing', email: '', phone: '+441234567890' },
);
const third = draft(3, { status: 'pending', overall_confidence: null }, { first_name: '', last_name: '', email: '' });
const done = draft(
  4,
  { status: 'confirmed', candidate: { id: 77, name: 'Ada Lovelace' } },
  { first_name: 'Ada', last_name: 'Lovelace' },
);

const bodyOf = (path: string) => {
  const call = fetchStub.mock.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).includes(path));
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

describe('resume review list', () => {
  it('shows each draft: name, contacts, title and company, skills, confidence, duplicates with links', () => {
    renderWithProviders(<ResumeReviewList batch={batchOf([grace, alan, third, done])} />);
    const list = screen.getByRole('list', { name: 'Draft candidates' });
    const row = within(list).getByRole('listitem', { name: 'Grace Hopper' });
    expect(row).toHaveTextContent('grace@navy.test');
    expect(row).toHaveTextContent('+12025550147');
    expect(row).toHaveTextContent('Rear Admiral at US Navy');
    expect(row).toHaveTextContent('COBOL, Compilers');
    expect(row).toHaveTextContent('Confidence: High (95 %)');
    expect(within(row).getByRole('link', { name: 'Grace B. Hopper' })).toHaveAttribute('href', '/candidates/42');
    expect(row).toHaveTextContent('(same email address)');

    const alanRow = within(list).getByRole('listitem', { name: 'Alan Turing' });
    expect(alanRow).toHaveTextContent('Low (40 %)');
    expect(alanRow).toHaveTextContent('Also in this upload: cv-3.pdf (same phone)');

    // Not read yet, and already created: nothing to tick.
    const pending = within(list).getByRole('listitem', { name: 'Name not found' });
    expect(pending).toHaveTextContent('Reading…');
    expect(within(pending).getByRole('checkbox')).toBeDisabled();
    const created = within(list).getByRole('listitem', { name: 'Ada Lovelace' });
    expect(within(created).getByRole('link', { name: 'Open Ada Lovelace' })).toHaveAttribute('href', '/candidates/77');
    expect(within(created).getByRole('checkbox')).toBeDisabled();

    expect(screen.getByText('2 to review · 1 created')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create selected (0)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Create all (2)' })).toBeEnabled();
  });

  it('shows the reading progress and the refused files', () => {
    renderWithProviders(
      <ResumeReviewList
        batch={batchOf([grace, third], {
          status: 'parsing',
          refused: [{ filename: 'photo.pdf', reason: 'photo.pdf: not a PDF or DOCX file (checked by its content).' }],
        })}
      />,
    );
    const bar = screen.getByRole('progressbar', { name: 'Reading resumes' });
    expect(bar).toHaveAttribute('aria-valuenow', '1');
    expect(bar).toHaveAttribute('aria-valuemax', '2');
    expect(screen.getByRole('alert')).toHaveTextContent('1 file was not accepted');
    expect(screen.getByRole('alert')).toHaveTextContent('photo.pdf: not a PDF or DOCX file');
  });

  it('creates the selected drafts with the inline edits', async () => {
    const user = userEvent.setup();
    const after = batchOf([{ ...grace, status: 'confirmed', candidate: { id: 90, name: 'Grace Hopper' } }, alan]);
    fetchStub.mock.mockResolvedValue(
      jsonResponse(200, { success: true, batch: after, created: [{ draft_id: 1, candidate_id: 90 }] }),
    );
    const onCreated = vi.fn();
    renderWithProviders(<ResumeReviewList batch={batchOf([grace, alan])} onCreated={onCreated} />);

    await user.click(screen.getByRole('button', { name: 'Edit Grace Hopper' }));
    const row = screen.getByRole('listitem', { name: 'Grace Hopper' });
    const title = within(row).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Computer scientist');
    fireEvent.change(within(row).getByLabelText('Skills'), { target: { value: 'COBOL, FLOW-MATIC' } });
    // "Done" under the fields closes them and keeps the edits.
    await user.click(within(row).getByRole('button', { name: 'Done' }));
    expect(within(row).queryByLabelText('Title')).not.toBeInTheDocument();
    expect(row).toHaveTextContent('Computer scientist');
    await user.click(screen.getByRole('checkbox', { name: 'Select Grace Hopper (cv-1.pdf)' }));
    await user.click(screen.getByRole('button', { name: 'Create selected (1)' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(1));
    expect(bodyOf('/api/resumes/bulk/5/confirm/')).toEqual({
      ids: [1],
      edits: [{ id: 1, values: { current_title: 'Computer scientist', skills: ['COBOL', 'FLOW-MATIC'] } }],
    });
  });

  it('"Create all" sends every draft ready; a refused field opens the draft with the message', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockResolvedValue(
      jsonResponse(400, {
        success: false,
        error: 'Check the fields.',
        code: 'VALIDATION_FAILED',
        fields: { '2.first_name': ['Enter the first name.'] },
      }),
    );
    renderWithProviders(
      <ResumeReviewList batch={batchOf([grace, { ...alan, values: { ...alan.values, first_name: '' } }])} />,
    );
    await user.click(screen.getByRole('button', { name: 'Create all (2)' }));
    expect(await screen.findByText('Enter the first name.')).toBeInTheDocument();
    expect(bodyOf('/api/resumes/bulk/5/confirm/')).toEqual({ ids: [1, 2] });
    expect(screen.getByText(/Some drafts need corrections/)).toBeInTheDocument();
  });

  it('discards the rest after asking', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockResolvedValue(
      jsonResponse(200, {
        success: true,
        batch: batchOf([{ ...grace, status: 'discarded' }], { status: 'closed' }),
      }),
    );
    renderWithProviders(<ResumeReviewList batch={batchOf([grace])} />);
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    const dialog = screen.getByRole('dialog', { name: 'Discard the rest?' });
    expect(dialog).toHaveTextContent('The 1 draft not created yet will be discarded');
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetchStub.mock.mock.calls.some(([url]) => String(url).includes('/api/resumes/bulk/5/discard/'))).toBe(true);
  });

  it('names how sure a reading is', () => {
    expect(confidenceLabel(null).text).toBe('Not read yet');
    expect(confidenceLabel(0.8).tone).toBe('green');
    expect(confidenceLabel(0.5).tone).toBe('amber');
    expect(confidenceLabel(0.2).text).toBe('Low (20 %)');
  });
});

describe('bulk upload', () => {
  it('leaves out files of another type or too large, and refuses more than 200', async () => {
    const pdf = new File(['%PDF'], 'a.pdf', { type: 'application/pdf' });
    const gif = new File(['GIF'], 'b.gif', { type: 'image/gif' });
    expect(sortFiles([pdf, gif])).toEqual({
      accepted: [pdf],
      skipped: [{ name: 'b.gif', reason: 'Use a PDF or DOCX file.' }],
    });

    renderWithProviders(<BulkUpload onUploaded={vi.fn()} />);
    const input = screen.getByLabelText('Resumes to upload');
    fireEvent.change(input, { target: { files: [pdf, gif] } });
    expect(screen.getByText('1 resume ready (4 B)')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('b.gif: Use a PDF or DOCX file.');
    expect(screen.getByRole('button', { name: 'Upload 1 resume' })).toBeEnabled();

    const many = Array.from(
      { length: 201 },
      (_, index) => new File(['%PDF'], `r${index}.pdf`, { type: 'application/pdf' }),
    );
    fireEvent.change(input, { target: { files: many } });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at most 200 resumes at once (you chose 201).');
    expect(screen.queryByRole('button', { name: /^Upload/ })).toBeNull();
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });
});
