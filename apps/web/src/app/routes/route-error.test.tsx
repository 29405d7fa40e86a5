import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ErrorReporter } from '@/lib/error-reporter';
import { resetErrorTrackingForTests, startErrorTracking } from '@/lib/error-tracking';
import { jsonResponse } from '@/test/factories';
import { installFetchStub } from '@/test/fetch-stub';
import { RouteError } from './route-error';

const fetchStub = installFetchStub();
afterEach(() => resetErrorTrackingForTests());

function Broken(): never {
  throw new Error('the page broke');
}

describe('the route error boundary', () => {
  it('reports the error before it shows "Something went wrong"', async () => {
    fetchStub.mock.mockResolvedValue(
      jsonResponse(200, { success: true, sentry_dsn: 'https://k@o1.example/2', environment: 'test' }),
    );
    const shownWhenReported: boolean[] = [];
    const reporter: ErrorReporter = {
      capture: vi.fn(
        () => void shownWhenReported.push(document.body.textContent?.includes('Something went wrong') ?? false),
      ),
      setUser: vi.fn(),
    };
    await startErrorTracking(async () => ({ startSentry: () => reporter }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(reporter.capture).toHaveBeenCalledWith(expect.objectContaining({ message: 'the page broke' }));
    expect(reporter.capture).toHaveBeenCalledTimes(1);
    // Reported in the commit, before the browser paints the fallback.
    expect(shownWhenReported).toHaveLength(1);
  });
});
