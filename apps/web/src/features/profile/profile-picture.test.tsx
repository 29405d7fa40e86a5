import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildUser, jsonResponse } from '@/test/factories';
import { makeTestStore, renderWithProviders } from '@/test/render';
import { profileApi } from './api';
import { ProfilePicture } from './components/profile-picture-card';
import { checkPictureFile, PICTURE_MESSAGES } from './picture-upload';
import { installFetchStub } from '@/test/fetch-stub';

const fetchStub = installFetchStub();

/** The upload endpoint, run outside a component: resolves with the updated user. */
const uploadProfilePicture = async (file: File) =>
  (await makeTestStore().dispatch(profileApi.endpoints.uploadProfilePicture.initiate(file)).unwrap()).user;

const png = (size = 68) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

function answerUploadFlow(uploadUrl: string) {
  const updated = buildUser({ profile_picture_url: '/api/files/download/abc/' });
  fetchStub.mock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/profile/picture/upload-url/')) {
      return jsonResponse(200, {
        success: true,
        upload: {
          url: uploadUrl,
          method: 'PUT',
          headers: { 'Content-Type': 'image/png' },
          key: 'avatars/1/xyz.png',
          expires_at: '2026-03-01T10:00:00Z',
        },
      });
    }
    if (url === uploadUrl && init?.method === 'PUT') return new Response(null, { status: 204 });
    if (url.endsWith('/api/profile/picture/confirm/')) return jsonResponse(200, { success: true, user: updated });
    return jsonResponse(404, { success: false, error: 'Not found' });
  });
  return updated;
}

describe('profile picture checks', () => {
  it('accepts PNG, JPEG and WebP up to 5 MB only', () => {
    expect(checkPictureFile(png())).toBeNull();
    expect(checkPictureFile(new File(['x'], 'a.jpg', { type: 'image/jpeg' }))).toBeNull();
    expect(checkPictureFile(new File(['x'], 'a.webp', { type: 'image/webp' }))).toBeNull();
    expect(checkPictureFile(new File(['x'], 'a.gif', { type: 'image/gif' }))).toBe(PICTURE_MESSAGES.type);
    expect(checkPictureFile(new File(['x'], 'a.png', { type: 'application/pdf' }))).toBe(PICTURE_MESSAGES.type);
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    expect(checkPictureFile(big)).toBe(PICTURE_MESSAGES.size);
  });

  it('shows the message and sends nothing for a wrong file', async () => {
    renderWithProviders(<ProfilePicture user={buildUser()} onUserUpdated={vi.fn()} />);
    const input = screen.getByLabelText('Upload picture');
    expect(input).toHaveAttribute('accept', 'image/png,image/jpeg,image/webp');
    fireEvent.change(input, {
      target: { files: [new File(['GIF89a'], 'cat.gif', { type: 'image/gif' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(PICTURE_MESSAGES.type);
    expect(fetchStub.mock).not.toHaveBeenCalled();
  });
});

describe('profile picture upload', () => {
  it('asks for an upload URL, PUTs the bytes with CSRF on our origin, then confirms, in that order', async () => {
    const updated = answerUploadFlow('/api/files/upload/tok/');
    const file = png();
    await expect(uploadProfilePicture(file)).resolves.toEqual(updated);

    const calls = fetchStub.mock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);
    expect(calls).toEqual([
      'POST /api/profile/picture/upload-url/',
      'PUT /api/files/upload/tok/',
      'POST /api/profile/picture/confirm/',
    ]);
    expect(JSON.parse(String(fetchStub.mock.mock.calls[0]![1]?.body))).toEqual({
      content_type: 'image/png',
      size: 68,
    });
    const put = fetchStub.mock.mock.calls[1]![1]!;
    expect(put.body).toBe(file);
    expect(put.credentials).toBe('include');
    expect(put.headers).toEqual({ 'Content-Type': 'image/png', 'X-CSRFToken': 'test-token' });
    expect(JSON.parse(String(fetchStub.mock.mock.calls[2]![1]?.body))).toEqual({
      key: 'avatars/1/xyz.png',
    });
  });

  it('sends neither the CSRF token nor cookies to another origin (S3)', async () => {
    answerUploadFlow('https://bucket.s3.example.com/avatars/1/xyz.png?X-Amz-Signature=abc');
    await uploadProfilePicture(png());
    const put = fetchStub.mock.mock.calls[1]![1]!;
    expect(put.headers).toEqual({ 'Content-Type': 'image/png' });
    expect(put.credentials).toBe('omit');
  });

  it('hands the updated user to the page after an upload from the card', async () => {
    const updated = answerUploadFlow('/api/files/upload/tok/');
    const onUserUpdated = vi.fn();
    const { store } = renderWithProviders(<ProfilePicture user={buildUser()} onUserUpdated={onUserUpdated} />);
    fireEvent.change(screen.getByLabelText('Upload picture'), { target: { files: [png()] } });
    await waitFor(() => expect(onUserUpdated).toHaveBeenCalledWith(updated));
    expect(store.getState().ui.notifications.map((n) => n.message)).toContain('Your profile picture has been updated.');
  });

  it('shows the server’s refusal of the bytes', async () => {
    answerUploadFlow('/api/files/upload/tok/');
    fetchStub.mock.mockImplementationOnce(async () =>
      jsonResponse(200, {
        success: true,
        upload: {
          url: '/api/files/upload/tok/',
          method: 'PUT',
          headers: {},
          key: 'k',
          expires_at: '2026-03-01T10:00:00Z',
        },
      }),
    );
    fetchStub.mock.mockImplementationOnce(async () =>
      jsonResponse(415, { success: false, error: 'The file is not a PNG, JPEG or WebP image.' }),
    );
    renderWithProviders(<ProfilePicture user={buildUser()} onUserUpdated={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Upload picture'), { target: { files: [png()] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is not a PNG, JPEG or WebP image.');
  });
});
