import { useState } from 'react';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CandidateDuplicate } from '@recruitdesk/contracts/candidates';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf } from '@/test/render';
import { CandidateForm, duplicateQueryFor } from './components/candidate-form';
import { CandidateFormDialog } from './components/candidate-form-dialog';
import { buildCandidate, PDF_TYPE, renderCandidates } from './test-support/test-utils';

const fetchStub = installFetchStub();

const created = buildCandidate({ id: 9, first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.test' });
const existing: CandidateDuplicate = { id: 7, name: 'Grace Hopper', email: 'grace@navy.test', reason: 'email' };
const resumeOn = (candidate: typeof created) => ({
  ...candidate,
  resume: {
    filename: 'grace.pdf',
    size: 4,
    content_type: PDF_TYPE,
    uploaded_at: '2026-03-01T10:00:00Z',
    has_text: true,
  },
});

/** The API: a duplicate check that finds `duplicates`, create, and the resume upload sequence. */
function answerApi({
  duplicates = [] as CandidateDuplicate[],
  createStatus = 201,
  createBody = undefined as unknown,
} = {}) {
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    switch (key) {
      case 'GET /api/candidates/duplicates/':
        return jsonResponse(200, { success: true, duplicates });
      case 'POST /api/candidates/':
        return jsonResponse(createStatus, createBody ?? { success: true, candidate: created, duplicates });
      case 'POST /api/candidates/9/resume/upload-url/':
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
        return jsonResponse(200, { success: true, candidate: resumeOn(created) });
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

async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Grace');
  await user.type(screen.getByLabelText('Last name'), 'Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@navy.test');
}

describe('candidate form', () => {
  it('asks the server for duplicates only once there is enough to go on', () => {
    expect(duplicateQueryFor({ first_name: 'Grace', last_name: '', email: 'gr', phone: '12' })).toBeNull();
    expect(duplicateQueryFor({ first_name: 'Grace', last_name: 'Hopper', current_company: 'Navy' }, 4)).toEqual({
      first_name: 'Grace',
      last_name: 'Hopper',
      current_company: 'Navy',
      exclude_id: 4,
    });
    expect(duplicateQueryFor({ email: ' grace@navy.test ', phone: '+1 (555) 010-99' })).toEqual({
      email: 'grace@navy.test',
      phone: '+1 (555) 010-99',
    });
  });

  it('warns about possible duplicates with links, and still saves', async () => {
    const user = userEvent.setup();
    answerApi({ duplicates: [existing, { ...existing, reason: 'name_company' }] });
    const onSaved = vi.fn();
    renderCandidates(<CandidateForm onSaved={onSaved} />);
    await fillPerson(user);

    const warning = await screen.findByRole('status', { name: 'Possible duplicates' });
    const link = within(warning).getByRole('link', { name: /Grace Hopper/ });
    expect(link).toHaveAttribute('href', '/candidates/7');
    expect(link).toHaveAttribute('target', '_blank');
    expect(warning).toHaveTextContent('Same email address · Similar name at the same company');
    const lastCheck = () =>
      callsOf(fetchStub.mock)
        .filter((c) => c.startsWith('GET /api/candidates/duplicates/'))
        .at(-1) ?? '';
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(lastCheck().split('?')[1]))).toEqual({
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@navy.test',
      }),
    );

    await user.type(screen.getByLabelText('Skills'), 'COBOL{Enter}Fortran,');
    await user.type(screen.getByLabelText('Years of experience'), '40');
    await user.click(screen.getByRole('button', { name: 'Add candidate' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0]![0]).toMatchObject({
      candidate: { id: 9 },
      duplicates: [existing, { ...existing, reason: 'name_company' }],
      resumeError: null,
    });
    expect(bodyOf('POST', '/api/candidates/')).toMatchObject({
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@navy.test',
      skills: ['COBOL', 'Fortran'],
      years_experience: 40,
      desired_salary: null,
      status: 'active',
      consent_date: null,
    });
  });

  it('never calls the record it has just created a duplicate of itself', async () => {
    const user = userEvent.setup();
    let createdYet = false;
    fetchStub.mock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      if (key === 'POST /api/candidates/') {
        createdYet = true;
        return jsonResponse(201, { success: true, candidate: created, duplicates: [] });
      }
      // Like the server: once saved, the record matches its own email unless it is left out.
      const self = createdYet && url.searchParams.get('exclude_id') !== '9';
      return jsonResponse(200, {
        success: true,
        duplicates: self ? [{ id: 9, name: 'Grace Hopper', email: 'grace@navy.test', reason: 'email' }] : [],
      });
    });
    const onSaved = vi.fn();
    renderCandidates(<CandidateForm onSaved={onSaved} />);
    await fillPerson(user);
    await waitFor(() =>
      expect(callsOf(fetchStub.mock).some((c) => c.startsWith('GET /api/candidates/duplicates/'))).toBe(true),
    );
    await user.click(screen.getByRole('button', { name: 'Add candidate' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(onSaved.mock.calls[0]![0]).toMatchObject({ candidate: { id: 9 }, duplicates: [] });
    // The list changed, so the check is asked again; the answer shown leaves the new record out.
    const checksAfterSave = () =>
      callsOf(fetchStub.mock).slice(callsOf(fetchStub.mock).indexOf('POST /api/candidates/') + 1);
    await waitFor(() =>
      expect(checksAfterSave().some((c) => c.startsWith('GET /api/candidates/duplicates/'))).toBe(true),
    );
    await new Promise((resolve) => setTimeout(resolve, 600)); // past the typing delay: every check has answered
    expect(screen.queryByRole('status', { name: 'Possible duplicates' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Grace Hopper/ })).not.toBeInTheDocument();
  });

  it('keeps the dialog open after a save the server flags, listing the duplicates with links', async () => {
    const user = userEvent.setup();
    answerApi({ duplicates: [existing] });
    const onSaved = vi.fn();
    renderCandidates(<CandidateFormDialog open onClose={() => {}} onSaved={onSaved} />);
    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Add candidate' }));
    const dialog = await screen.findByRole('dialog', { name: 'Grace Hopper was added' });
    expect(within(dialog).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/candidates/7');
    expect(within(dialog).getByText(/Same email address/)).toBeInTheDocument();
    expect(onSaved).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 9 }));
  });

  it('uploads the chosen resume right after creating: upload URL, PUT the bytes, PATCH the key', async () => {
    const user = userEvent.setup();
    answerApi();
    const onSaved = vi.fn();
    renderCandidates(<CandidateForm onSaved={onSaved} />);
    await fillPerson(user);
    fireEvent.change(screen.getByLabelText('Resume'), {
      target: { files: [new File(['%PDF'], 'grace.pdf', { type: PDF_TYPE })] },
    });
    expect(screen.getByText('grace.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add candidate' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));

    const sequence = callsOf(fetchStub.mock).filter((c) => !c.startsWith('GET /api/candidates/duplicates/'));
    expect(sequence).toEqual([
      'POST /api/candidates/',
      'POST /api/candidates/9/resume/upload-url/',
      'PUT /api/files/upload/tok/',
      'PATCH /api/candidates/9/resume/',
    ]);
    expect(bodyOf('POST', '/api/candidates/9/resume/upload-url/')).toEqual({
      filename: 'grace.pdf',
      content_type: PDF_TYPE,
      size: 4,
    });
    expect(bodyOf('PATCH', '/api/candidates/9/resume/')).toEqual({ filename: 'grace.pdf', key: 'resumes/9/abc.pdf' });
    expect(onSaved.mock.calls[0]![0].candidate.resume.filename).toBe('grace.pdf');
  });

  it('refuses a resume of the wrong type before sending anything', async () => {
    answerApi();
    renderCandidates(<CandidateForm onSaved={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Resume'), {
      target: { files: [new File(['GIF89a'], 'photo.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Use a PDF or DOCX file.');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'huge.pdf', { type: PDF_TYPE });
    fireEvent.change(screen.getByLabelText('Resume'), { target: { files: [big] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The resume must be 10 MB or smaller.');
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });

  it('checks the fields, and shows the server’s field errors on the fields', async () => {
    const user = userEvent.setup();
    answerApi({
      createStatus: 400,
      createBody: { success: false, error: 'Check the form.', fields: { email: ['This email is not allowed.'] } },
    });
    const onSaved = vi.fn();
    renderCandidates(<CandidateForm onSaved={onSaved} />);
    await user.click(screen.getByRole('button', { name: 'Add candidate' }));
    expect(await screen.findByText('Enter the first name.')).toBeInTheDocument();
    expect(screen.getByText('Enter the last name.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');

    await fillPerson(user);
    await user.click(screen.getByRole('button', { name: 'Add candidate' }));
    expect(await screen.findByText('This email is not allowed.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('edits with the candidate’s values and PUTs them', async () => {
    const user = userEvent.setup();
    const ada = buildCandidate({ id: 3 });
    fetchStub.mock.mockImplementation(async (input, init) =>
      init?.method === 'PUT'
        ? jsonResponse(200, { success: true, candidate: { ...ada, location: 'Paris' }, duplicates: [] })
        : jsonResponse(200, { success: true, duplicates: [] }),
    );
    const onSaved = vi.fn();
    renderCandidates(<CandidateForm candidate={ada} onSaved={onSaved} />);
    expect(screen.getByLabelText('First name')).toHaveValue('Ada');
    expect(screen.getByRole('button', { name: 'Remove skill Python' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Resume')).not.toBeInTheDocument();
    const location = screen.getByLabelText('Location');
    await user.clear(location);
    await user.type(location, 'Paris');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(callsOf(fetchStub.mock)).toContain('PUT /api/candidates/3/');
    expect(bodyOf('PUT', '/api/candidates/3/')).toMatchObject({
      location: 'Paris',
      skills: ['Python', 'SQL'],
      consent_date: '2026-01-15',
    });
    // The pre-save check leaves the record itself out.
    const check = callsOf(fetchStub.mock).find((c) => c.startsWith('GET /api/candidates/duplicates/'));
    expect(check).toContain('exclude_id=3');
  });

  describe('keeps half-typed work (issue 29 item n)', () => {
    /** The dialog as the candidates list opens it: closing it is up to the parent. */
    function AddCandidate({ onSaved = vi.fn() }: { onSaved?: (candidate: unknown) => void }) {
      const [open, setOpen] = useState(true);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open the form
          </button>
          <CandidateFormDialog open={open} onClose={() => setOpen(false)} onSaved={onSaved} />
        </>
      );
    }

    it('asks "Discard changes?" on Escape over a half-filled form; Keep editing keeps it, Discard closes', async () => {
      const user = userEvent.setup();
      answerApi();
      renderCandidates(<AddCandidate />);
      await user.type(screen.getByLabelText('First name'), 'Grace');
      await user.keyboard('{Escape}');
      const question = await screen.findByRole('dialog', { name: 'Discard changes?' });
      await user.click(within(question).getByRole('button', { name: 'Keep editing' }));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull());
      expect(screen.getByLabelText('First name')).toHaveValue('Grace');

      await user.click(screen.getByRole('button', { name: 'Cancel' }));
      await user.click(
        within(await screen.findByRole('dialog', { name: 'Discard changes?' })).getByRole('button', {
          name: 'Discard',
        }),
      );
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add candidate' })).toBeNull());
      // Discarded means gone: the form opens empty again.
      await user.click(screen.getByRole('button', { name: 'Open the form' }));
      expect(await screen.findByLabelText('First name')).toHaveValue('');
    });

    it('closes an untouched form on Escape without asking', async () => {
      const user = userEvent.setup();
      answerApi();
      renderCandidates(<AddCandidate />);
      await screen.findByLabelText('First name');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add candidate' })).toBeNull());
      expect(screen.queryByRole('dialog', { name: 'Discard changes?' })).toBeNull();
    });

    it('brings the typing back after a reload, and forgets it once saved', async () => {
      const user = userEvent.setup();
      answerApi();
      const first = renderCandidates(<AddCandidate />);
      await fillPerson(user);
      // A reload: the page (and the form) is gone, the tab's storage stays.
      first.unmount();

      const onSaved = vi.fn();
      const second = renderCandidates(<AddCandidate onSaved={onSaved} />);
      expect(await screen.findByText('Your unsaved changes were restored.')).toBeInTheDocument();
      expect(screen.getByLabelText('First name')).toHaveValue('Grace');
      expect(screen.getByLabelText('Email')).toHaveValue('grace@navy.test');
      await user.click(screen.getByRole('button', { name: 'Add candidate' }));
      await waitFor(() => expect(onSaved).toHaveBeenCalled());
      expect(bodyOf('POST', '/api/candidates/')).toMatchObject({ first_name: 'Grace', last_name: 'Hopper' });
      second.unmount();

      renderCandidates(<AddCandidate />);
      expect(await screen.findByLabelText('First name')).toHaveValue('');
      expect(screen.queryByText('Your unsaved changes were restored.')).toBeNull();
    });
  });
});
