import { afterEach, beforeEach, vi } from 'vitest';
import { resetApiStateForTests } from '@/test/api-state';

export type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

/**
 * Replaces `fetch` with a fresh mock before each test (with a CSRF cookie set and the API wrapper's
 * caches cleared) and restores it after. Read the current mock from `.mock` inside a test.
 */
export function installFetchStub(): { readonly mock: FetchMock } {
  const holder = { mock: vi.fn<typeof fetch>() };
  beforeEach(() => {
    resetApiStateForTests();
    document.cookie = 'csrftoken=test-token; path=/';
    holder.mock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', holder.mock);
  });
  afterEach(() => vi.unstubAllGlobals());
  return holder;
}
