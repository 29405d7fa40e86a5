import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSessionExpiredHandler, isSessionExpiring, resetSessionExpiryForTests } from './session-expiry';

afterEach(() => {
  vi.useRealTimers();
  resetSessionExpiryForTests();
});

describe('session expiry flow', () => {
  it('toasts once, logs out, and redirects after 1000 ms, even for parallel 401s', async () => {
    vi.useFakeTimers();
    const showToast = vi.fn();
    const logout = vi.fn();
    const redirect = vi.fn();
    const handler = createSessionExpiredHandler({ showToast, logout, redirect });
    handler();
    handler();
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(showToast).toHaveBeenCalledWith('Your session has expired. Please log in again.', {
      duration: 4000,
      position: 'top-center',
      id: 'session-expired',
    });
    expect(logout).toHaveBeenCalledTimes(1);
    expect(isSessionExpiring()).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(redirect).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(redirect).toHaveBeenCalledTimes(1);
    expect(isSessionExpiring()).toBe(false);
  });
});
