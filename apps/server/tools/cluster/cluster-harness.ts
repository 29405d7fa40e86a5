import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
// The same start-up as `npm run cluster`: nginx (TLS) in front of built app servers (docs/deployment.md).
import { startCluster, type Cluster, type ClusterOptions } from '../../../../scripts/cluster.mjs';
import { buildPdf } from '../../src/test/documents';
import { HttpClient } from '../../src/test/http-client';

/**
 * The cross-server tests' cluster: a fresh PostgreSQL database (TEST_DATABASE_URL's server, default the
 * local one), the local Redis (TEST_REDIS_URL), nginx on `port` and two servers on the ports after it.
 */
export async function startTestCluster(
  options: { port: number } & Partial<ClusterOptions>,
): Promise<Cluster & { dropDatabase(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `rd_test_cluster_${randomBytes(6).toString('hex')}`;
  const admin = async (query: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query, params);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const dropDatabase = async () => {
    await admin(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
      [name],
    );
    await admin(`DROP DATABASE IF EXISTS ${name}`);
  };
  try {
    const cluster = await startCluster({
      databaseUrl: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(),
      redisUrl: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
      env: { LOG_LEVEL: 'info' },
      ...options,
    });
    return {
      ...cluster,
      dropDatabase,
      stop: async () => {
        await cluster.stop();
        await dropDatabase();
      },
    };
  } catch (error) {
    await dropDatabase();
    throw error;
  }
}

/**
 * A browser stand-in talking to nginx: sends the page's Origin and, so that the tests' failed sign-ins
 * count against an address of their own, an X-Forwarded-For (nginx appends the real hops after it).
 */
export class ClusterClient extends HttpClient {
  constructor(
    baseUrl: string,
    readonly clientIp = `198.51.100.${1 + (randomBytes(1)[0]! % 250)}`,
  ) {
    super(baseUrl);
  }

  override request(method: string, path: string, options: Parameters<HttpClient['request']>[2] = {}) {
    return super.request(method, path, {
      ...options,
      headers: { origin: this.baseUrl, 'x-forwarded-for': this.clientIp, ...options.headers },
    });
  }
}

/** The app server nginx sent a request to (its X-Served-By: the upstream's address). */
export function servedBy(response: { headers: Headers }): string {
  const server = response.headers.get('x-served-by');
  expect(server, 'nginx names the server that answered').toMatch(/^127\.0\.0\.1:\d+$/);
  return server!;
}

/**
 * Uploads a PDF resume for a new candidate and confirms it (the upload goes through nginx to a server with
 * the shared directory, or straight to S3 with a link a server signed), then downloads it twice through
 * nginx, once from each server, checking the bytes. Resolves to the servers involved.
 */
export async function resumeAcrossServers(cluster: Cluster, client: ClusterClient) {
  const candidate = await client.post('/api/candidates/', {
    first_name: 'Shared',
    last_name: 'Storage',
    email: `shared-${randomBytes(4).toString('hex')}@example.test`,
  });
  expect(candidate.status, candidate.text).toBe(201);
  const id = candidate.json.candidate.id as number;
  const body = await buildPdf([
    ['Shared Storage, engineer', 'Files written through one server, read through the other.'],
  ]);

  const target = await client.post(`/api/candidates/${id}/resume/upload-url/`, {
    filename: 'resume.pdf',
    content_type: 'application/pdf',
    size: body.length,
  });
  expect(target.status, target.text).toBe(200);
  const { url, headers, key } = target.json.upload as { url: string; headers: Record<string, string>; key: string };
  const direct = /^https?:/.test(url);
  const put = await fetch(new URL(url, cluster.url), {
    method: 'PUT',
    // Straight to S3: only the signed headers; through the app: the session and CSRF token as the browser sends them.
    headers: direct
      ? headers
      : {
          ...headers,
          cookie: client.cookieHeader(),
          'x-csrftoken': client.cookies.get('csrftoken') ?? '',
          origin: cluster.url,
        },
    body,
  });
  expect(put.status, await put.clone().text()).toBe(200);
  // Through the app: the server that stored the file; to S3: the one that signed the upload link.
  const uploadServer = direct ? servedBy(target) : servedBy(put);
  const saved = await client.patch(`/api/candidates/${id}/resume/`, { key, filename: 'resume.pdf' });
  expect(saved.status, saved.text).toBe(200);
  expect(saved.json.candidate.resume).toMatchObject({ filename: 'resume.pdf', size: body.length, has_text: true });

  const downloadServers: string[] = [];
  for (let index = 0; index < 2; index += 1) {
    const link = await client.get(`/api/candidates/${id}/resume/download-url/`);
    expect(link.status, link.text).toBe(200);
    const file = await fetch(new URL(link.json.url, cluster.url), { headers: { cookie: client.cookieHeader() } });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(body)).toBe(true);
    downloadServers.push(servedBy(file));
    // One more request, so that the next link and download land on the servers the other way round.
    await client.get('/healthz');
  }
  return { uploadServer, downloadServers, direct };
}
