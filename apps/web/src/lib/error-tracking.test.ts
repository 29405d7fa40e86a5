import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { reportError, resetErrorTrackingForTests, setErrorTrackingUser, startErrorTracking } from './error-tracking';
import type { ErrorReporter } from './error-reporter';

const fetchStub = installFetchStub();

function fakeSdk() {
  const reporter = { capture: vi.fn<ErrorReporter['capture']>(), setUser: vi.fn<ErrorReporter['setUser']>() };
  const startSentry = vi.fn((_dsn: string, _environment: string) => reporter);
  return { reporter, startSentry, load: vi.fn(async () => ({ startSentry })) };
}

afterEach(() => resetErrorTrackingForTests());

describe('browser error tracking', () => {
  it('stays off, without loading the SDK, when the server has no DSN', async () => {
    fetchStub.mock.mockResolvedValue(jsonResponse(200, { success: true, sentry_dsn: null, environment: 'production' }));
    const sdk = fakeSdk();
    reportError(new Error('early'));
    await startErrorTracking(sdk.load);
    reportError(new Error('late'));
    expect(String(fetchStub.mock.mock.calls[0]![0])).toBe('/api/config/');
    expect(sdk.load).not.toHaveBeenCalled();
    expect(sdk.reporter.capture).not.toHaveBeenCalled();
  });

  it('loads the SDK with the DSN from the server and sends what was reported while it loaded, with the user', async () => {
    fetchStub.mock.mockResolvedValue(
      jsonResponse(200, { success: true, sentry_dsn: 'https://k@o1.example/2', environment: 'production' }),
    );
    const sdk = fakeSdk();
    const early = new Error('before the SDK');
    setErrorTrackingUser({ id: 7, role: 'recruiter' });
    reportError(early);
    await startErrorTracking(sdk.load);
    expect(sdk.startSentry).toHaveBeenCalledWith('https://k@o1.example/2', 'production');
    expect(sdk.reporter.setUser).toHaveBeenCalledWith({ id: 7, role: 'recruiter' });
    expect(sdk.reporter.capture).toHaveBeenCalledWith(early);
    const late = new Error('after');
    reportError(late);
    expect(sdk.reporter.capture).toHaveBeenLastCalledWith(late);
    setErrorTrackingUser(null);
    expect(sdk.reporter.setUser).toHaveBeenLastCalledWith(null);
  });

  it('is off when the config cannot be read', async () => {
    fetchStub.mock.mockRejectedValue(new TypeError('Failed to fetch'));
    const sdk = fakeSdk();
    await startErrorTracking(sdk.load);
    reportError(new Error('x'));
    expect(sdk.load).not.toHaveBeenCalled();
  });
});
