import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { renderWithProviders } from '@/test/render';
import { UploadStep } from './components/upload-step';

beforeEach(() => {
  FakeXhr.last = null;
  document.cookie = 'csrftoken=test-token; path=/';
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const csv = (name = 'people.csv', size?: number) => {
  const file = new File(['First Name,Email\nAda,ada@example.com\n'], name, { type: 'text/csv' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

describe('the upload step', () => {
  it('says the limits up front and refuses a file that is not CSV or XLSX, or over 50 MB, before sending', async () => {
    renderWithProviders(<UploadStep initialKind="clients" onUploaded={() => undefined} />);
    expect(screen.getByLabelText('What the file holds')).toHaveValue('clients');
    const input = screen.getByLabelText('File');
    expect(input).toHaveAccessibleDescription(/CSV .* or XLSX, up to 50 MB/);

    fireEvent.change(input, { target: { files: [csv('resume.pdf')] } });
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a CSV or XLSX file (.csv or .xlsx).');
    expect(screen.getByRole('button', { name: 'Upload and continue' })).toBeDisabled();

    fireEvent.change(input, { target: { files: [csv('big.csv', 50 * 1024 * 1024 + 1)] } });
    expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 50 MB.');
    expect(FakeXhr.last).toBeNull();
  });

  it('sends the file and kind with the CSRF token, shows the progress, and hands over the new import', async () => {
    const onUploaded = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<UploadStep initialKind="candidates" onUploaded={onUploaded} />);
    await user.selectOptions(screen.getByLabelText('What the file holds'), 'roles');
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [csv()] } });
    await user.click(screen.getByRole('button', { name: 'Upload and continue' }));

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(`${xhr.method} ${xhr.url}`).toBe('POST /api/imports/');
    expect(xhr.headers['X-CSRFToken']).toBe('test-token');
    expect(xhr.body?.get('kind')).toBe('roles');
    expect((xhr.body?.get('file') as File).name).toBe('people.csv');

    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 100 });
    const bar = await screen.findByRole('progressbar', { name: 'Uploading' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '30'));
    expect(screen.getByText('30 % sent')).toBeInTheDocument();

    xhr.answer(201, { success: true, import: { id: 41, kind: 'roles' } });
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith({ id: 41, kind: 'roles' }));
  });

  it("shows the server's refusal and lets the user try another file", async () => {
    const user = userEvent.setup();
    renderWithProviders(<UploadStep initialKind="candidates" onUploaded={() => undefined} />);
    fireEvent.change(screen.getByLabelText('File'), { target: { files: [csv()] } });
    await user.click(screen.getByRole('button', { name: 'Upload and continue' }));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    FakeXhr.last!.answer(400, {
      success: false,
      error: 'The file has more than 200 columns (it has 240).',
      code: 'TOO_MANY_COLUMNS',
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The file could not be read');
    expect(alert).toHaveTextContent('The file has more than 200 columns (it has 240).');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload and continue' })).toBeEnabled();
  });
});
