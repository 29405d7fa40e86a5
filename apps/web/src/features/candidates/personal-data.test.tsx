import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { callsOf } from '@/test/render';
import { EraseCandidateDialog, RestrictedBanner, sameName } from './components/personal-data';
import { renderCandidates } from './test-support/test-utils';

const fetchStub = installFetchStub();

const candidate = { id: 7, name: 'Ada Lovelace' };

function renderDialog() {
  const onErased = vi.fn();
  const onClose = vi.fn();
  const utils = renderCandidates(
    <EraseCandidateDialog candidate={candidate} open onClose={onClose} onErased={onErased} />,
  );
  return { ...utils, onErased, onClose };
}

describe('the erase dialog', () => {
  it('keeps "Erase candidate" disabled until the full name is typed, then erases and leaves', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async () => jsonResponse(200, { success: true, message: 'Erased.' }));
    const { onErased } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'Erase Ada Lovelace?' })).toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Erase candidate' });
    const field = screen.getByRole('textbox', { name: 'Type Ada Lovelace to confirm' });

    expect(button).toBeDisabled();
    await user.type(field, 'Ada');
    expect(button).toBeDisabled();
    await user.type(field, ' lovelace');
    // Case counts: the name must be typed as shown.
    expect(button).toBeDisabled();
    await user.clear(field);
    await user.type(field, '  Ada   Lovelace ');
    expect(button).toBeEnabled();

    await user.click(button);
    await waitFor(() => expect(onErased).toHaveBeenCalledOnce());
    expect(callsOf(fetchStub.mock)).toEqual(['POST /api/candidates/7/erase/']);
    const [, init] = fetchStub.mock.mock.calls[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ confirm_name: '  Ada   Lovelace ' });
  });

  it('shows the refusal and stays on the page', async () => {
    const user = userEvent.setup();
    fetchStub.mock.mockImplementation(async () =>
      jsonResponse(400, {
        success: false,
        error: "Type the candidate's full name exactly as shown to confirm the erasure.",
        code: 'ERASE_NAME_MISMATCH',
      }),
    );
    const { onErased } = renderDialog();
    await user.type(screen.getByRole('textbox', { name: 'Type Ada Lovelace to confirm' }), 'Ada Lovelace');
    await user.click(screen.getByRole('button', { name: 'Erase candidate' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("Type the candidate's full name exactly");
    expect(onErased).not.toHaveBeenCalled();
  });
});

describe('personal data helpers', () => {
  it('compares names without the spaces around and between words', () => {
    expect(sameName(' Ada  Lovelace ', 'Ada Lovelace')).toBe(true);
    expect(sameName('ada lovelace', 'Ada Lovelace')).toBe(false);
    expect(sameName('', 'Ada Lovelace')).toBe(false);
  });

  it('shows a banner while processing is restricted, and says when the person was erased', () => {
    const { unmount } = render(<RestrictedBanner candidate={{ processing_restricted: true, erased_at: null }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Processing restricted');
    unmount();
    render(<RestrictedBanner candidate={{ processing_restricted: true, erased_at: '2026-11-29T10:00:00Z' }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Erased');
    const { container } = render(<RestrictedBanner candidate={{ processing_restricted: false, erased_at: null }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
