import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChatSocket } from '../../src/modules/chat/test-support/socket-client';
import { ClusterClient, resumeAcrossServers, servedBy, startTestCluster } from './cluster-harness';

// What must hold across app servers (issue 15), through nginx with requests alternating between two
// servers on one PostgreSQL and one Redis, files in a shared directory. X-Served-By (set by nginx) names
// the server of every answer, so each test proves which server did what.
let cluster: Awaited<ReturnType<typeof startTestCluster>>;

beforeAll(async () => {
  cluster = await startTestCluster({ port: 3400 });
});
afterAll(async () => {
  await cluster?.stop();
});

async function signedIn() {
  const client = new ClusterClient(cluster.url);
  const login = await client.login(cluster.ownerEmail, cluster.ownerPassword);
  return { client, loginServer: servedBy(login) };
}

describe('two servers behind nginx', () => {
  it('nginx sends requests to both servers in turn, and each server is ready', async () => {
    const client = new ClusterClient(cluster.url);
    const servers = [];
    for (let index = 0; index < 6; index += 1) servers.push(servedBy(await client.get('/healthz')));
    const [a, b] = cluster.serverUrls.map((url) => new URL(url).host);
    expect(new Set(servers)).toEqual(new Set([a, b]));
    for (let index = 1; index < servers.length; index += 1) expect(servers[index]).not.toBe(servers[index - 1]);
    for (let index = 0; index < 2; index += 1) {
      const ready = await client.get('/readyz');
      expect(ready.status).toBe(200);
      expect(ready.json).toEqual({ status: 'ready' });
    }
  });

  it('a session made on one server is valid on the other', async () => {
    const { client, loginServer } = await signedIn();
    const profiles = [await client.get('/api/auth/profile/'), await client.get('/api/auth/profile/')];
    expect(profiles.map(servedBy)).toContain(
      cluster.serverUrls.map((url) => new URL(url).host).find((host) => host !== loginServer),
    );
    for (const profile of profiles) {
      expect(profile.status).toBe(200);
      expect(profile.json.user ?? profile.json).toMatchObject({ email: cluster.ownerEmail });
    }
  });

  it('CSRF tokens made by one server are accepted by the other; a forged one is refused by both', async () => {
    const { client } = await signedIn();
    const token = await client.get('/api/auth/csrf-token/');
    const tokenServer = servedBy(token);
    const created = [];
    for (let index = 0; index < 2; index += 1) {
      const response = await client.post('/api/candidates/', {
        first_name: 'Cross',
        last_name: `Server ${index}`,
        email: `cross-${index}-${Date.now()}@example.test`,
      });
      expect(response.status, response.text).toBe(201);
      created.push(servedBy(response));
    }
    expect(new Set(created).size).toBe(2);
    expect(created).toContain(tokenServer);

    const forged = [];
    for (let index = 0; index < 2; index += 1) {
      const response = await client.request('POST', '/api/candidates/', {
        body: { first_name: 'Forged', last_name: 'Token' },
        headers: { 'x-csrftoken': 'forged' },
      });
      expect(response.status).toBe(403);
      expect(response.json.code).toBe('CSRF_FAILED');
      forged.push(servedBy(response));
    }
    expect(new Set(forged).size).toBe(2);
  });

  it('signing out on one server ends the session on both', async () => {
    const { client } = await signedIn();
    const sessionid = client.cookies.get('sessionid')!;
    const logout = await client.post('/api/auth/logout/');
    expect(logout.status).toBe(200);
    const logoutServer = servedBy(logout);
    // The old cookie, as someone who kept it would send it: refused by both servers.
    const kept = new ClusterClient(cluster.url);
    kept.cookies.set('sessionid', sessionid);
    const answers = [await kept.get('/api/auth/profile/'), await kept.get('/api/auth/profile/')];
    expect(answers.map((answer) => answer.status)).toEqual([401, 401]);
    expect(new Set(answers.map(servedBy)).size).toBe(2);
    expect(answers.map(servedBy)).toContain(logoutServer);
  });

  it('sign-in limits count across both servers (Redis): five failures spread over both, the sixth refused', async () => {
    const client = new ClusterClient(cluster.url);
    const email = `nobody-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@cluster.test`;
    const failed = [];
    for (let index = 0; index < 5; index += 1) {
      const response = await client.post('/api/auth/login/', { email, password: 'not-the-password-1' });
      expect(response.status, response.text).toBe(400);
      failed.push(servedBy(response));
    }
    expect(new Set(failed).size).toBe(2);
    for (let index = 0; index < 2; index += 1) {
      const refused = await client.post('/api/auth/login/', { email, password: 'not-the-password-1' });
      expect(refused.status, `refused by ${servedBy(refused)}`).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it('invoice numbers stay gapless with concurrent creations spread over both servers', async () => {
    const { client } = await signedIn();
    const created = await client.post('/api/clients/', {
      name: `Gapless ${Date.now()}`,
      client_type: 'retainer',
      retainer_amount: 10000,
    });
    expect(created.status, created.text).toBe(201);
    const clientId = created.json.client.id as number;
    const total = 16;
    const responses = await Promise.all(
      Array.from({ length: total }, (_, index) =>
        client.post(`/api/clients/${clientId}/invoices/`, {
          issue_date: '2031-02-01',
          lines: [{ description: `Line ${index}`, unit_amount: '100' }],
        }),
      ),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(total).fill(201));
    expect(new Set(responses.map(servedBy)).size).toBe(2);
    const numbers = responses.map((response) => response.json.invoice.number as string).sort();
    expect(numbers).toEqual(
      Array.from({ length: total }, (_, index) => `INV-2031-${String(index + 1).padStart(4, '0')}`),
    );
  });

  it('a resume uploaded through one server downloads through the other (shared directory)', async () => {
    const { client } = await signedIn();
    const { uploadServer, downloadServers } = await resumeAcrossServers(cluster, client);
    expect(new Set(downloadServers).size).toBe(2);
    expect(downloadServers).toContain(
      cluster.serverUrls.map((url) => new URL(url).host).find((host) => host !== uploadServer),
    );
  });

  it('the chat socket answers on itself: the question over a socket on one server gets its answer there, and the other server’s REST history shows it', async () => {
    const { client } = await signedIn();
    const profile = await client.get('/api/auth/profile/');
    const userId = (profile.json.user ?? profile.json).id as number;
    const created = await client.post('/api/chat/create/', { initial_message: 'How many open roles do we have?' });
    expect(created.status, created.text).toBe(200);
    const chatId = created.json.chat_id as number;

    const socket = ChatSocket.open(cluster.url, `/ws/chat/${userId}/${chatId}/`, { cookie: client.cookieHeader() });
    let socketServer = '';
    socket.ws.once('upgrade', (response) => {
      socketServer = String(response.headers['x-served-by'] ?? '');
    });
    await socket.waitFor('agent_response');
    socket.send({ type: 'user_message', message: 'And how many candidates?' });
    const [, second] = await socket.waitFor('agent_response', 2);
    expect(second!.message).toEqual(expect.any(String));
    expect(socket.types()).toEqual([
      'connection_established',
      'chat_history',
      'agent_response',
      'message_received',
      'agent_response',
    ]);
    expect(socketServer).toMatch(/^127\.0\.0\.1:\d+$/);

    // The history through both servers (one of them the other one) has both turns.
    const reads = [await client.get(`/api/chat/${chatId}/`), await client.get(`/api/chat/${chatId}/`)];
    expect(reads.map(servedBy)).toContain(
      cluster.serverUrls.map((url) => new URL(url).host).find((host) => host !== socketServer),
    );
    for (const read of reads) {
      expect(read.status).toBe(200);
      expect(read.json.chat_history.map((turn: { role: string }) => turn.role)).toEqual([
        'user',
        'agent',
        'user',
        'agent',
      ]);
      expect(read.json.chat_history[2].content).toBe('And how many candidates?');
      expect(read.json.chat_history[3].content).toBe(second!.message);
    }
    await socket.close();
  });
});
