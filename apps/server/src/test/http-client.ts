/** A tiny browser stand-in: keeps cookies, fetches the CSRF token and sends X-CSRFToken on changes. */
export class HttpClient {
  readonly cookies = new Map<string, string>();
  /** Raw Set-Cookie headers of the last response. */
  lastSetCookies: string[] = [];

  constructor(readonly baseUrl: string) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  private store(response: Response) {
    this.lastSetCookies = response.headers.getSetCookie();
    for (const header of this.lastSetCookies) {
      const [pair, ...attributes] = header.split(';');
      const index = pair?.indexOf('=') ?? -1;
      if (!pair || index < 0) continue;
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some(
        (attr) => /^\s*max-age=0\s*$/i.test(attr) || /^\s*expires=thu, 01 jan 1970/i.test(attr),
      );
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  setCookie(header: string): string | undefined {
    return this.lastSetCookies.find((cookie) => cookie.startsWith(`${header}=`));
  }

  async request(
    method: string,
    path: string,
    options: { body?: unknown; rawBody?: string; headers?: Record<string, string>; csrf?: boolean } = {},
  ) {
    const headers: Record<string, string> = { accept: 'application/json', ...options.headers };
    const unsafe = !['GET', 'HEAD', 'OPTIONS'].includes(method);
    if (unsafe && options.csrf !== false && !('x-csrftoken' in headers)) {
      if (!this.cookies.has('csrftoken')) await this.request('GET', '/api/auth/csrf-token/');
      const token = this.cookies.get('csrftoken');
      if (token) headers['x-csrftoken'] = token;
    }
    if (this.cookies.size && !('cookie' in headers)) headers.cookie = this.cookieHeader();
    let body: string | undefined;
    if (options.rawBody !== undefined) {
      body = options.rawBody;
      headers['content-type'] ??= 'application/json';
    } else if (options.body !== undefined) {
      body = JSON.stringify(options.body);
      headers['content-type'] ??= 'application/json';
    }
    const response = await fetch(`${this.baseUrl}${path}`, { method, headers, body, redirect: 'manual' });
    this.store(response);
    const text = await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      // not JSON (HTML pages); callers read .text
    }
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read arbitrary response shapes
    return { status: response.status, headers: response.headers, text, json: json as any };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, headers ? { headers } : {});
  post = (path: string, body?: unknown, headers?: Record<string, string>) =>
    this.request('POST', path, { body, ...(headers ? { headers } : {}) });
  patch = (path: string, body?: unknown) => this.request('PATCH', path, { body });

  async login(email: string, password: string, rememberMe = false) {
    const response = await this.post('/api/auth/login/', { email, password, remember_me: rememberMe });
    if (response.status !== 200) throw new Error(`login failed: ${response.status} ${response.text}`);
    return response;
  }
}
