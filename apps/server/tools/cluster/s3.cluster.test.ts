import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClusterClient, resumeAcrossServers, servedBy, startTestCluster } from './cluster-harness';

// Shared storage on S3: two servers behind nginx with their files in a real S3-compatible server
// (s3rver on 127.0.0.1, started by the cluster). Uploads go straight to S3 on a link one server signed;
// downloads go through the app (decision 005), so each server reads what the other stored.
let cluster: Awaited<ReturnType<typeof startTestCluster>>;

beforeAll(async () => {
  cluster = await startTestCluster({ port: 3410, storage: 's3' });
});
afterAll(async () => {
  await cluster?.stop();
});

describe('two servers on S3 storage', () => {
  it('a resume stored through one server downloads through the other', async () => {
    expect(cluster.s3Env?.S3_ENDPOINT).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const client = new ClusterClient(cluster.url);
    const login = await client.login(cluster.ownerEmail, cluster.ownerPassword);
    servedBy(login);
    const { uploadServer, downloadServers, direct } = await resumeAcrossServers(cluster, client);
    expect(direct).toBe(true);
    expect(new Set(downloadServers).size).toBe(2);
    expect(downloadServers).toContain(
      cluster.serverUrls.map((url) => new URL(url).host).find((host) => host !== uploadServer),
    );
  });
});
