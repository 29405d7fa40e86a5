/**
 * What the load scripts send: signed-in users (sign-in over HTTP with CSRF, as the web app does), the
 * records they open (found through the API, so the same code works on PGlite), and the mixed workload
 * as an autocannon request sequence per connection. Each connection is one of the signed-in users and
 * owns one pipeline that it moves back and forth (no two connections move the same one, so no 409).
 */
import type { AutocannonClient, AutocannonRequest } from 'autocannon';

export interface SignedInUser {
  email: string;
  cookie: string;
  csrf: string;
}

export interface Fixtures {
  users: SignedInUser[];
  roleIds: number[];
  clientIds: number[];
  candidateIds: number[];
  /** Open pipelines in the first stage, one per moving connection. */
  pipelineIds: number[];
}

/** Browsers ask for compressed answers; the mixed workload does too (the API compresses JSON ≥ 1 kB). */
export const BROWSER_ENCODING = 'br, gzip';
const SEARCHES = ['kowalski', 'senior engineer python', 'nguyen', 'data analyst', 'kube'];
const WRITERS = ['owner@demo.test', 'superuser@demo.test', 'recruiter@demo.test'];

function cookiesOf(response: Response): Map<string, string> {
  const jar = new Map<string, string>();
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const at = pair?.indexOf('=') ?? -1;
    if (pair && at > 0) jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  return jar;
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');

async function signIn(base: string, email: string, password: string): Promise<SignedInUser> {
  const jar = new Map<string, string>();
  const first = await fetch(`${base}/api/auth/csrf-token/`);
  for (const [name, value] of cookiesOf(first)) jar.set(name, value);
  const anonymous = ((await first.json()) as { csrf_token: string }).csrf_token;
  const login = await fetch(`${base}/api/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrftoken': anonymous, cookie: cookieHeader(jar), origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (!login.ok) throw new Error(`sign-in of ${email}: ${login.status} ${await login.text()}`);
  for (const [name, value] of cookiesOf(login)) jar.set(name, value);
  const token = await fetch(`${base}/api/auth/csrf-token/`, { headers: { cookie: cookieHeader(jar) } });
  for (const [name, value] of cookiesOf(token)) jar.set(name, value);
  const csrf = ((await token.json()) as { csrf_token: string }).csrf_token;
  return { email, cookie: cookieHeader(jar), csrf };
}

async function getJson<T>(base: string, user: SignedInUser, url: string): Promise<T> {
  const response = await fetch(`${base}${url}`, { headers: { cookie: user.cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in `count` sessions (the demo's owner, superuser and recruiter in turn) and finds the records to open. */
export async function prepareFixtures(
  base: string,
  options: { users: number; password: string; movers: number },
): Promise<Fixtures> {
  const users: SignedInUser[] = [];
  for (let index = 0; index < options.users; index += 1)
    users.push(await signIn(base, WRITERS[index % WRITERS.length] ?? 'owner@demo.test', options.password));
  const [owner] = users;
  if (!owner) throw new Error('LOAD_USERS must be at least 1');
  const roles = await getJson<{ roles: { id: number }[] }>(base, owner, '/api/roles/dashboard/?page_size=50');
  const clients = await getJson<{ clients: { id: number }[] }>(base, owner, '/api/clients/?page_size=50');
  const candidates = await getJson<{ results: { id: number }[] }>(base, owner, '/api/candidates/?page_size=100');
  const pipelineIds: number[] = [];
  for (const role of roles.roles) {
    if (pipelineIds.length >= options.movers) break;
    const board = await getJson<{ pipelines: { id: number; state: string; stage: { name: string } }[] }>(
      base,
      owner,
      `/api/roles/${role.id}/pipelines/`,
    );
    for (const pipeline of board.pipelines) {
      if (pipeline.state === 'open' && pipeline.stage.name === 'sourced' && pipelineIds.length < options.movers)
        pipelineIds.push(pipeline.id);
    }
  }
  return {
    users,
    roleIds: roles.roles.map((role) => role.id),
    clientIds: clients.clients.map((client) => client.id),
    candidateIds: candidates.results.map((candidate) => candidate.id),
    pipelineIds,
  };
}

/** Gives each connection a number (its user and its pipeline follow from it), kept across request cycles. */
export function numberedConnections(): (client: AutocannonClient) => void {
  let next = 0;
  return (client) => {
    client.requestIterator.initialContext = { slot: next };
    next += 1;
    client.requestIterator.resetContext();
    client.requestIterator.rebuildRequest();
  };
}

type Context = Record<string, unknown>;
const slotOf = (context: Context) => (typeof context.slot === 'number' ? context.slot : 0);
const pick = <T>(items: T[], index: number): T => {
  const item = items[index % items.length];
  if (item === undefined) throw new Error('the load fixtures are empty');
  return item;
};

/** A request as one connection's user, with a path from its slot and a per-connection counter. */
function asUser(
  fixtures: Fixtures,
  method: string,
  pathOf: (slot: number, turn: number, context: Context) => string,
  extra: Partial<AutocannonRequest> = {},
): AutocannonRequest {
  return {
    method,
    ...extra,
    setupRequest: (request, context) => {
      const slot = slotOf(context);
      const turn = ((context.turn as number | undefined) ?? 0) + 1;
      context.turn = turn;
      const user = pick(fixtures.users, slot);
      // The pipeline read is parsed here (for its version): asked for uncompressed.
      const headers: Record<string, string> = {
        ...request.headers,
        cookie: user.cookie,
        ...(extra.onResponse ? {} : { 'accept-encoding': BROWSER_ENCODING }),
      };
      if (method !== 'GET') Object.assign(headers, { 'x-csrftoken': user.csrf, 'content-type': 'application/json' });
      const built = { ...request, path: pathOf(slot, turn, context), headers };
      return extra.setupRequest ? extra.setupRequest(built, context) : built;
    },
  };
}

/**
 * One cycle of a signed-in user's work, 14 requests, 2 of them writes: candidate search (one of five
 * searches) and list pages, a filtered list, the active roles, the dashboard's attention list, a role's
 * board and page, a client's page and the clients list, a candidate's detail, a pipeline read then moved
 * to the other of its two stages, and a note on a candidate.
 */
export function mixedWorkload(fixtures: Fixtures, origin: string): AutocannonRequest[] {
  let cycle = 0;
  const write = (
    method: string,
    pathOf: (slot: number, turn: number, context: Context) => string,
    body: (context: Context) => string | null,
  ): AutocannonRequest =>
    asUser(fixtures, method, pathOf, {
      setupRequest: (request, context) => {
        const text = body(context);
        // Without a pipeline of its own, the connection reads instead of writing.
        if (text === null) return { ...request, method: 'GET', body: undefined };
        return { ...request, body: text, headers: { ...request.headers, origin } };
      },
    });
  return [
    asUser(fixtures, 'GET', (slot) => {
      cycle += 1;
      return `/api/candidates/?search=${encodeURIComponent(pick(SEARCHES, slot + cycle))}`;
    }),
    asUser(fixtures, 'GET', () => '/api/candidates/'),
    asUser(fixtures, 'GET', (slot) => `/api/candidates/?page=${2 + ((slot + cycle) % 40)}`),
    asUser(fixtures, 'GET', () => '/api/candidates/?status=active&skills=python'),
    asUser(fixtures, 'GET', () => '/api/roles/dashboard/'),
    asUser(fixtures, 'GET', () => '/api/dashboard/attention/'),
    asUser(fixtures, 'GET', (slot) => `/api/roles/${pick(fixtures.roleIds, slot + cycle)}/pipelines/`),
    asUser(fixtures, 'GET', (slot) => `/api/roles/${pick(fixtures.roleIds, slot + cycle)}/`),
    asUser(fixtures, 'GET', (slot) => `/api/clients/${pick(fixtures.clientIds, slot + cycle)}/`),
    asUser(fixtures, 'GET', () => '/api/clients/'),
    asUser(fixtures, 'GET', (slot) => `/api/candidates/${pick(fixtures.candidateIds, slot + cycle)}/detail/`),
    asUser(fixtures, 'GET', (slot) => `/api/pipelines/${pick(fixtures.pipelineIds, slot)}/`, {
      onResponse: (status, body, context) => {
        if (status !== 200) return;
        const parsed = JSON.parse(body) as { data: { pipeline: { version: number; stage: { name: string } } } };
        context.version = parsed.data.pipeline.version;
        context.stage = parsed.data.pipeline.stage.name;
      },
    }),
    write(
      'PATCH',
      (slot) => `/api/pipelines/${pick(fixtures.pipelineIds, slot)}/`,
      (context) => {
        if (slotOf(context) >= fixtures.pipelineIds.length || typeof context.version !== 'number') return null;
        return JSON.stringify({
          version: context.version,
          stage: context.stage === 'sourced' ? 'internal_interview' : 'sourced',
        });
      },
    ),
    write(
      'POST',
      (slot) => `/api/notes/candidate/${pick(fixtures.candidateIds, slot + cycle)}/`,
      () => JSON.stringify({ body: `Load test note ${cycle}: called, left a message.` }),
    ),
  ];
}

/** One URL as every connection's user, for the per-case runs. */
export function singleCase(fixtures: Fixtures, url: string, encoding?: string): AutocannonRequest[] {
  return [
    {
      method: 'GET',
      setupRequest: (request, context) => ({
        ...request,
        path: url,
        headers: {
          ...request.headers,
          cookie: pick(fixtures.users, slotOf(context)).cookie,
          ...(encoding ? { 'accept-encoding': encoding } : {}),
        },
      }),
    },
  ];
}
