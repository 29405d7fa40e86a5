import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notifyError, notifySuccess } from '@/lib/notify';
import { renderWithProviders } from '@/test/render';
import { AppToaster, NotificationsBridge, TOASTS_TOP_PX } from './notifications-bridge';

// react-hot-toast asks for the reduced-motion preference; jsdom has no matchMedia.
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
    addListener() {},
    removeListener() {},
  }) as unknown as MediaQueryList;

function renderToasts() {
  return renderWithProviders(
    <>
      <NotificationsBridge />
      <AppToaster />
    </>,
  );
}

describe('toasts', () => {
  it('shows an identical toast once however often it is raised', async () => {
    const { store } = renderToasts();
    act(() => {
      store.dispatch(notifySuccess('Agency settings saved.'));
      store.dispatch(notifySuccess('Agency settings saved.'));
    });
    act(() => {
      store.dispatch(notifySuccess('Agency settings saved.'));
    });
    expect(await screen.findByText('Agency settings saved.')).toBeInTheDocument();
    expect(screen.getAllByText('Agency settings saved.')).toHaveLength(1);
  });

  it('stacks different messages, and the same text as another type', async () => {
    const { store } = renderToasts();
    act(() => {
      store.dispatch(notifySuccess('Saved.'));
      store.dispatch(notifyError('Saved.'));
      store.dispatch(notifyError('Could not save.'));
    });
    expect(await screen.findByText('Could not save.')).toBeInTheDocument();
    expect(screen.getAllByText('Saved.')).toHaveLength(2);
  });

  it('places the toast area below the top bar', async () => {
    const { store } = renderToasts();
    act(() => {
      store.dispatch(notifySuccess('Placed.'));
    });
    await screen.findByText('Placed.');
    const container = document.querySelector<HTMLElement>('[data-rht-toaster]');
    expect(container?.style.top).toBe(`${TOASTS_TOP_PX}px`);
    expect(TOASTS_TOP_PX).toBeGreaterThan(64);
  });
});
