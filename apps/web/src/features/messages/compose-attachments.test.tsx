import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr } from '@/test/fake-xhr';
import { renderWithProviders } from '@/test/render';
import { ComposeAttachments } from './components/compose-attachments';
import type { ComposeAttachment } from './compose-logic';

beforeEach(() => {
  FakeXhr.last = null;
  document.cookie = 'csrftoken=test-token; path=/';
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});
afterEach(() => vi.unstubAllGlobals());

const file = (name: string, size: number) => {
  const f = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('ComposeAttachments', () => {
  it('uploads a file with its progress and adds it; a file over 25 MB is refused before sending', async () => {
    const added: ComposeAttachment[] = [];
    const uploading: boolean[] = [];
    renderWithProviders(
      <ComposeAttachments
        attachments={[]}
        onAdd={(a) => added.push(a)}
        onRemove={vi.fn()}
        onUploadingChange={(u) => uploading.push(u)}
      />,
    );
    expect(screen.getByText('Up to 25 MB a file.')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Attach files'), file('big.pdf', 26 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent('big.pdf is larger than 25 MB.');
    expect(FakeXhr.last).toBeNull();

    await userEvent.upload(screen.getByLabelText('Attach files'), file('offer.pdf', 2048));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toBe('/api/messages/attachments/');
    expect(xhr.headers['X-CSRFToken']).toBe('test-token');
    expect((xhr.body?.get('file') as File).name).toBe('offer.pdf');
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 }));
    expect(screen.getByRole('progressbar', { name: 'Uploading offer.pdf' })).toHaveAttribute('value', '0.4');
    expect(uploading.at(-1)).toBe(true);
    act(() => xhr.answer(201, { id: 55, filename: 'offer.pdf', size: 2048 }));
    await waitFor(() => expect(added).toEqual([{ kind: 'upload', id: 55, filename: 'offer.pdf', size: 2048 }]));
    expect(uploading.at(-1)).toBe(false);
  });

  it("attaches the candidate's resume in one click", async () => {
    const onAdd = vi.fn();
    renderWithProviders(
      <ComposeAttachments
        attachments={[]}
        onAdd={onAdd}
        onRemove={vi.fn()}
        candidate={{ id: 3, name: 'Jane Doe', hasResume: true }}
        onUploadingChange={vi.fn()}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Attach resume' }));
    expect(onAdd).toHaveBeenCalledWith({ kind: 'candidate_resume', id: 3, filename: "Jane Doe's resume" });
  });
});
