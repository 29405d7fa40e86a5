import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiStateForTests } from '@/test/api-state';
import { jsonResponse } from '@/test/factories';
import { renderWithProviders } from '@/test/render';
import { ActiveClientsPanelContainer } from './active-clients';

beforeEach(() => resetApiStateForTests());
afterEach(() => vi.unstubAllGlobals());

describe('ActiveClientsPanelContainer', () => {
  it('stays empty, silently, when the clients cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => jsonResponse(500, { success: false, error: 'Boom' })),
    );
    renderWithProviders(<ActiveClientsPanelContainer />);
    expect(await screen.findByText('No active clients with roles')).toBeInTheDocument();
    expect(screen.queryByText('Boom')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
