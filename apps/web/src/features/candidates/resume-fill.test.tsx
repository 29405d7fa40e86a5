import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ParsedResume } from '@recruitdesk/contracts/resumes';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf } from '@/test/render';
import { CandidateForm } from './components/candidate-form';
import { planResumeFill } from './resume-fill';
import { buildCandidate, PDF_TYPE, renderCandidates } from './test-support/test-utils';

const fetchStub = installFetchStub();

const TEXT =
  'Grace Hopper\ngrace@navy.test | +1 202 555 0147\nArlington, VA\nRear Admiral at US Navy\nSkills: COBOL, compilers';
const span = (text: string) => {
  const start = TEXT.indexOf(text);
  return { text, start, end: start + text.length };
};
const field = (value: string, confidence = 0.9) => ({ value, source: span(value), confidence });

const parsed: ParsedResume = {
  first_name: field('Grace'),
  last_name: field('Hopper'),
  email: field('grace@navy.test', 0.99),
  phone: { value: '+12025550147', source: span('+1 202 555 0147'), confidence: 0.95 },
  location: field('Arlington, VA', 0.7),
  linkedin_url: null,
  github_url: null,
  portfolio_url: null,
  current_title: field('Rear Admiral', 0.5),
  current_company: field('US Navy'),
  years_experience: null,
  skills: [field('COBOL'), { value: 'Compilers', source: span('compilers'), confidence: 0.8 }],
  education: [],
  text: TEXT,
  warnings: [],
};

const created = buildCandidate({ id: 9, first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.test' });

function answerApi(resume: ParsedResume = parsed) {
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    switch (key) {
      case 'GET /api/candidates/duplicates/':
        return jsonResponse(200, { success: true, duplicates: [] });
      case 'POST /api/resumes/parse/':
        return jsonResponse(200, { success: true, resume });
      case 'POST /api/candidates/':
        return jsonResponse(201, { success: true, candidate: created, duplicates: [] });
      case 'PUT /api/candidates/1/':
        return jsonResponse(200, { success: true, candidate: buildCandidate(), duplicates: [] });
      case 'POST /api/candidates/9/resume/upload-url/':
      case 'POST /api/candidates/1/resume/upload-url/':
        return jsonResponse(200, {
          success: true,
          upload: {
            url: '/api/files/upload/tok/',
            method: 'PUT',
            headers: { 'Content-Type': PDF_TYPE },
            key: 'resumes/9/abc.pdf',
            expires_at: '2026-03-01T10:05:00Z',
          },
        });
      case 'PUT /api/files/upload/tok/':
        return new Response(null, { status: 204 });
      case 'PATCH /api/candidates/9/resume/':
      case 'PATCH /api/candidates/1/resume/':
        return jsonResponse(200, { success: true, candidate: created });
      default:
        return jsonResponse(404, { success: false, error: `No route ${key}` });
    }
  });
}

const bodyOf = (method: string, path: string) => {
  const call = fetchStub.mock.mock.calls.find(
    ([url, init]) => (init?.method ?? 'GET') === method && String(url).startsWith(path),
  );
  return call ? JSON.parse(String(call[1]?.body)) : undefined;
};

const chooseResume = (file = new File(['%PDF-1.4'], 'grace.pdf', { type: PDF_TYPE })) =>
  fireEvent.change(screen.getByLabelText('Resume to fill from'), { target: { files: [file] } });

/** The "from resume" mark on the label row of the field labelled `label`, or null. */
const markOf = (label: string) => {
  const control = screen.getByLabelText(label);
  const row = control.closest('div.space-y-1\\.5') as HTMLElement;
  return within(row).queryByRole('button', { name: /from resume/ });
};

describe('fill from resume', () => {
  it('fills the empty fields, marks each with the text it came from, and attaches the file on save', async () => {
    const user = userEvent.setup();
    answerApi();
    const onSaved = vi.fn();
    renderCandidates(<CandidateForm onSaved={onSaved} />);
    chooseResume();

    await waitFor(() => expect(screen.getByLabelText('First name')).toHaveValue('Grace'));
    expect(screen.getByLabelText('Last name')).toHaveValue('Hopper');
    expect(screen.getByLabelText('Email')).toHaveValue('grace@navy.test');
    expect(screen.getByLabelText('Phone')).toHaveValue('+12025550147');
    expect(screen.getByLabelText('Current company')).toHaveValue('US Navy');
    expect(screen.getByText('COBOL')).toBeInTheDocument();
    expect(screen.getByText(/Filled 8 fields from grace\.pdf/)).toBeInTheDocument();
    // The file read becomes the resume to attach.
    expect(screen.getByText('grace.pdf')).toBeInTheDocument();

    // Marked fields; nothing found, nothing marked.
    expect(markOf('Email')).not.toBeNull();
    expect(markOf('LinkedIn URL')).toBeNull();
    expect(markOf('Years of experience')).toBeNull();
    // A low confidence asks for a check.
    expect(markOf('Current title')).toHaveAccessibleName('from resume (check)');

    // The source shows on hover and on focus, tied to the mark.
    const phoneMark = markOf('Phone')!;
    expect(screen.queryByRole('tooltip')).toBeNull();
    await user.hover(phoneMark);
    expect(screen.getByRole('tooltip')).toHaveTextContent('Found in the resume: “+1 202 555 0147”');
    expect(phoneMark).toHaveAccessibleDescription('Found in the resume: “+1 202 555 0147”');
    await user.unhover(phoneMark);
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => phoneMark.focus());
    expect(screen.getByRole('tooltip')).toHaveTextContent('+1 202 555 0147');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).toBeNull();
    act(() => phoneMark.blur());

    // The recruiter corrects a field: its mark goes, the others stay.
    const title = screen.getByLabelText('Current title');
    await user.clear(title);
    await user.type(title, 'Computer scientist');
    expect(markOf('Current title')).toBeNull();
    expect(markOf('Current company')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add candidate' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(bodyOf('POST', '/api/candidates/')).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.test',
      phone: '+12025550147',
      location: 'Arlington, VA',
      current_title: 'Computer scientist',
      current_company: 'US Navy',
      skills: ['COBOL', 'Compilers'],
    });
    const sequence = callsOf(fetchStub.mock).filter((c) => !c.startsWith('GET /api/candidates/duplicates/'));
    expect(sequence).toEqual([
      'POST /api/resumes/parse/',
      'POST /api/candidates/',
      'POST /api/candidates/9/resume/upload-url/',
      'PUT /api/files/upload/tok/',
      'PATCH /api/candidates/9/resume/',
    ]);
    const parseCall = fetchStub.mock.mock.calls.find(([url]) => String(url).includes('/api/resumes/parse/'));
    expect((parseCall?.[1]?.body as FormData).get('file')).toBeInstanceOf(File);
  });

  it('asks before replacing filled fields, and replaces only the ticked ones', async () => {
    const user = userEvent.setup();
    answerApi();
    const ada = buildCandidate({
      first_name: 'Grace',
      last_name: 'Brewster',
      email: 'old@navy.test',
      phone: '',
      location: 'New York',
      current_company: 'US Navy',
      skills: ['Fortran'],
    });
    const onSaved = vi.fn();
    renderCandidates(<CandidateForm candidate={ada} onSaved={onSaved} />);
    chooseResume();

    const dialog = await screen.findByRole('dialog', { name: 'Replace filled fields?' });
    // The empty phone was filled at once; the same company is not asked about.
    expect(screen.getByLabelText('Phone')).toHaveValue('+12025550147');
    const asked = within(dialog)
      .getAllByRole('checkbox')
      .map((box) => box.closest('label')?.textContent);
    expect(asked).toHaveLength(5);
    expect(asked.join('|')).toMatch(/Last name.*Hopper instead of Brewster/);
    expect(asked.join('|')).not.toMatch(/Current company/);
    expect(asked.join('|')).toMatch(/Skills.*Add COBOL, Compilers to Fortran/);

    await user.click(within(dialog).getByRole('checkbox', { name: /Location/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /Current title/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Replace 3 fields' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByLabelText('Last name')).toHaveValue('Hopper');
    expect(screen.getByLabelText('Email')).toHaveValue('grace@navy.test');
    expect(screen.getByLabelText('Location')).toHaveValue('New York');
    expect(screen.getByLabelText('Current title')).toHaveValue('Engineer');
    expect(markOf('Last name')).not.toBeNull();
    expect(markOf('Location')).toBeNull();
    expect(markOf('Current company')).toBeNull();

    // On an edit the file read replaces the resume once saved.
    expect(screen.getByText('grace.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(bodyOf('PUT', '/api/candidates/1/')).toMatchObject({
      last_name: 'Hopper',
      location: 'New York',
      skills: ['Fortran', 'COBOL', 'Compilers'],
    });
    expect(callsOf(fetchStub.mock)).toContain('PATCH /api/candidates/1/resume/');
  });

  it('keeps every filled field when the recruiter says so', async () => {
    const user = userEvent.setup();
    answerApi();
    renderCandidates(<CandidateForm candidate={buildCandidate()} onSaved={vi.fn()} />);
    chooseResume();
    const dialog = await screen.findByRole('dialog', { name: 'Replace filled fields?' });
    await user.click(within(dialog).getAllByRole('button', { name: 'Keep mine' }).at(-1)!);
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByLabelText('Email')).toHaveValue('ada@example.com');
  });

  it('refuses a file it cannot read before sending it, and shows the server’s refusal', async () => {
    answerApi();
    renderCandidates(<CandidateForm onSaved={vi.fn()} />);
    chooseResume(new File(['GIF89a'], 'photo.gif', { type: 'image/gif' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The resume must be a PDF, DOCX or plain-text file.');
    expect(fetchStub.mock).not.toHaveBeenCalled();

    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(415, { success: false, error: 'The resume must be a PDF, DOCX or plain-text file.' }),
    );
    chooseResume(new File(['not really'], 'fake.pdf', { type: PDF_TYPE }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The resume must be a PDF, DOCX or plain-text file.');
    expect(screen.getByLabelText('First name')).toHaveValue('');
  });

  it('plans fills and conflicts without touching equal values', () => {
    const plan = planResumeFill(parsed, { first_name: 'grace ', last_name: '', email: 'x@y.z', skills: ['cobol'] });
    expect(plan.fills.map((fill) => fill.field)).toEqual([
      'last_name',
      'phone',
      'location',
      'current_title',
      'current_company',
    ]);
    expect(plan.conflicts.map((conflict) => conflict.field)).toEqual(['email', 'skills']);
  });
});
