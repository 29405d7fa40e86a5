import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, apiDownloadXlsx, apiUpload, setSessionExpiredHandler } from './api';
import { resetApiStateForTests } from '@/test/api-state';

type FetchMock = ReturnType<typeof vi.fn<typeof fetch>>;

function json(status: number, body: unknown, init: { statusText?: string; headers?: Record<string, string> } = {}) {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    statusText: init.statusText ?? '',
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
}

let fetchMock: FetchMock;

const calls = () => fetchMock.mock.calls.map(([url, init]) => ({ url: String(url), init: init as RequestInit }));
const headersOf = (init: RequestInit) => (init.headers ?? {}) as Record<string, string>;

beforeEach(() => {
  resetApiStateForTests();
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('api wrapper', () => {
  it('sends same-origin requests with cookie credentials and JSON', async () => {
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(api.get('/api/things/', { params: { a: 1, skip: undefined } })).resolves.toEqual({ ok: true });
    const [call] = calls();
    expect(call!.url).toBe('/api/things/?a=1');
    expect(call!.init.credentials).toBe('include');
    expect(headersOf(call!.init).Accept).toBe('application/json');
  });

  it('sends a JSON body with a JSON content type', async () => {
    document.cookie = 'csrftoken=cookie-token; path=/';
    fetchMock.mockResolvedValueOnce(json(201, { id: 1 }));
    await api.post('/api/things/', { name: 'x' });
    const [call] = calls();
    expect(call!.init.body).toBe('{"name":"x"}');
    expect(headersOf(call!.init)['Content-Type']).toBe('application/json');
  });

  it('times out after 10000 ms', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/api/slow/');
    const assertion = expect(pending).rejects.toThrow(/timed out/i);
    await vi.advanceTimersByTimeAsync(9999);
    expect(fetchMock.mock.calls[0]![1]!.signal!.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await assertion;
  });

  it('takes the CSRF token from the csrftoken cookie for changing requests', async () => {
    document.cookie = 'csrftoken=cookie-token; path=/';
    fetchMock.mockImplementation(async () => json(200, { ok: true }));
    await api.patch('/api/profile/', { theme: 'dark' });
    await api.get('/api/profile/');
    expect(calls()).toHaveLength(2);
    expect(headersOf(calls()[0]!.init)['X-CSRFToken']).toBe('cookie-token');
    expect(headersOf(calls()[1]!.init)['X-CSRFToken']).toBeUndefined();
  });

  it('fetches the CSRF token from the API without a cookie and caches it for 5 minutes', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/api/auth/csrf-token/') ? json(200, { csrf_token: 'api-token' }) : json(200, {}),
    );
    await api.post('/api/a/');
    await api.delete('/api/b/');
    const tokenCalls = () => calls().filter((c) => c.url === '/api/auth/csrf-token/');
    expect(tokenCalls()).toHaveLength(1);
    expect(headersOf(calls()[1]!.init)['X-CSRFToken']).toBe('api-token');
    expect(headersOf(calls()[2]!.init)['X-CSRFToken']).toBe('api-token');

    await vi.advanceTimersByTimeAsync(300_001);
    await api.put('/api/c/', {});
    expect(tokenCalls()).toHaveLength(2);
  });

  it('sends without the header and warns when no CSRF token is available', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/api/auth/csrf-token/') ? json(500, { error: 'down' }) : json(200, {}),
    );
    await api.post('/api/a/');
    const last = calls().at(-1)!;
    expect(last.url).toBe('/api/a/');
    expect(headersOf(last.init)['X-CSRFToken']).toBeUndefined();
    expect(warn).toHaveBeenCalled();
  });

  it('refreshes the CSRF token and retries once on a CSRF 403', async () => {
    let tokenNumber = 0;
    fetchMock.mockImplementation(async (url) => {
      if (String(url).endsWith('/api/auth/csrf-token/')) return json(200, { csrf_token: `t${++tokenNumber}` });
      const attempts = calls().filter((c) => c.url === '/api/a/').length;
      return attempts === 1 ? json(403, { error: 'CSRF token missing or incorrect' }) : json(200, { ok: true });
    });
    await expect(api.post('/api/a/')).resolves.toEqual({ ok: true });
    const attempts = calls().filter((c) => c.url === '/api/a/');
    expect(attempts).toHaveLength(2);
    expect(headersOf(attempts[0]!.init)['X-CSRFToken']).toBe('t1');
    expect(headersOf(attempts[1]!.init)['X-CSRFToken']).toBe('t2');
  });

  it('retries a CSRF 403 only once, and not at all for other 403s', async () => {
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/api/auth/csrf-token/')
        ? json(200, { csrf_token: 't' })
        : String(url) === '/api/a/'
          ? json(403, { error: 'Forbidden' })
          : json(403, { error: 'Only owners can see invoices.' }),
    );
    await expect(api.post('/api/a/')).rejects.toMatchObject({ status: 403, message: 'Forbidden' });
    expect(calls().filter((c) => c.url === '/api/a/')).toHaveLength(2);

    await expect(api.post('/api/b/')).rejects.toMatchObject({ status: 403 });
    expect(calls().filter((c) => c.url === '/api/b/')).toHaveLength(1);
  });

  it('marks a 401 as an auth error and triggers the session-expired handler', async () => {
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    fetchMock.mockImplementation(async () => json(401, { error: 'Authentication credentials were not provided.' }));
    const error = await api.get('/api/clients/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, isAuthError: true });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it.each(['/api/auth/status/', '/api/auth/login/', '/api/auth/logout/'])(
    'does not trigger the session-expired handler for %s',
    async (path) => {
      document.cookie = 'csrftoken=c; path=/';
      const handler = vi.fn();
      setSessionExpiredHandler(handler);
      fetchMock.mockImplementation(async () => json(401, { error: 'no' }));
      const method = path.endsWith('status/') ? api.get(path) : api.post(path, {});
      await expect(method).rejects.toMatchObject({ status: 401, isAuthError: true });
      expect(handler).not.toHaveBeenCalled();
    },
  );

  it('takes the error message from error, then message, then the HTTP status', async () => {
    fetchMock
      .mockResolvedValueOnce(json(400, { error: 'From error', message: 'From message' }))
      .mockResolvedValueOnce(json(404, { message: 'From message' }))
      .mockResolvedValueOnce(new Response('<html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.get('/api/x/')).rejects.toMatchObject({ message: 'From error', status: 400 });
    await expect(api.get('/api/x/')).rejects.toMatchObject({ message: 'From message', status: 404 });
    await expect(api.get('/api/x/')).rejects.toMatchObject({ message: 'HTTP 502: Bad Gateway', status: 502 });
  });

  it('keeps field errors on the ApiError', async () => {
    fetchMock.mockResolvedValueOnce(json(400, { success: false, error: 'Invalid', fields: { email: ['Bad'] } }));
    await expect(api.get('/api/x/')).rejects.toMatchObject({ fields: { email: ['Bad'] }, isAuthError: false });
  });

  it('uploads multipart without a JSON content type, and a 401 triggers the handler', async () => {
    document.cookie = 'csrftoken=c; path=/';
    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    const file = new File(['hello'], 'cv.pdf', { type: 'application/pdf' });
    await apiUpload('/api/candidates/1/resume/', file, { kind: 'resume' });
    const [call] = calls();
    const body = call!.init.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect((body.get('file') as File).name).toBe('cv.pdf');
    expect(body.get('kind')).toBe('resume');
    expect(headersOf(call!.init)['Content-Type']).toBeUndefined();
    expect(headersOf(call!.init)['X-CSRFToken']).toBe('c');

    fetchMock.mockResolvedValueOnce(json(401, { error: 'expired' }));
    await expect(apiUpload('/api/candidates/1/resume/', new FormData())).rejects.toMatchObject({ status: 401 });
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('downloads an xlsx under the Content-Disposition filename', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    fetchMock.mockResolvedValueOnce(
      new Response('xlsx-bytes', {
        status: 200,
        headers: {
          'Content-Type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'Content-Disposition': 'attachment; filename="role-12-candidates.xlsx"',
        },
      }),
    );
    await expect(apiDownloadXlsx('/api/roles/12/candidates/export/')).resolves.toBe('role-12-candidates.xlsx');
    expect(clicked).toEqual(['role-12-candidates.xlsx']);
    expect(createObjectURL).toHaveBeenCalled();

    fetchMock.mockResolvedValueOnce(new Response('x', { status: 200 }));
    await expect(apiDownloadXlsx('/api/x/', { fallbackName: 'export.xlsx' })).resolves.toBe('export.xlsx');

    const handler = vi.fn();
    setSessionExpiredHandler(handler);
    fetchMock.mockResolvedValueOnce(json(401, { error: 'expired' }));
    await expect(apiDownloadXlsx('/api/x/')).rejects.toMatchObject({ isAuthError: true });
    expect(handler).toHaveBeenCalledTimes(1);
  });
});
