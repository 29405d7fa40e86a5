import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { HttpClient } from '../../test/http-client';
import { DEMO_CANDIDATES, seedOnStart } from './demo.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { DEMO_PASSWORD: 'Demo-Password-Strong-42' } });
});
afterAll(async () => {
  await t?.close();
});

describe('demo data', () => {
  it('seeds clients of both types and all states, roles in every state, qualifications and notes', async () => {
    const started = Date.now();
    const result = await seedOnStart(t.app.deps, 'pglite');
    expect(result.kind).toBe('demo-created');
    expect(Date.now() - started).toBeLessThan(15_000);
    const client = new HttpClient(t.baseUrl);
    await client.login('viewer@demo.test', 'Demo-Password-Strong-42');

    const clients = (await client.get('/api/clients/?page_size=200')).json;
    expect(clients.count).toBeGreaterThanOrEqual(20);
    expect(new Set(clients.clients.map((row: { state: string }) => row.state))).toEqual(new Set(['Prospect', 'Open', 'On Hold', 'Closed']));
    expect(new Set(clients.clients.map((row: { client_type: string }) => row.client_type))).toEqual(new Set(['finders_fee', 'retainer']));

    const active = (await client.get('/api/roles/dashboard/?page_size=200')).json;
    const closed = (await client.get('/api/roles/closed/?page_size=200')).json;
    expect(active.count + closed.count).toBeGreaterThanOrEqual(60);
    expect(new Set(active.roles.map((row: { state: string }) => row.state))).toEqual(new Set(['open', 'on_hold']));
    expect(new Set(closed.roles.map((row: { close_reason: string }) => row.close_reason)).size).toBeGreaterThanOrEqual(4);
    expect(active.roles.every((row: { qualifications_count: number }) => row.qualifications_count >= 2)).toBe(true);
    expect(active.roles.some((row: { notes_count: number }) => row.notes_count > 0)).toBe(true);
    expect(active.roles.some((row: { description_text: string }) => row.description_text.length > 0)).toBe(true);

    const stats = (await client.get('/api/roles/stats/')).json.stats;
    expect(stats.open_roles).toBe(active.count);
    const withNotes = clients.clients.find((row: { id: number }) => row.id === clients.clients[0].id);
    expect((await client.get(`/api/notes/client/${withNotes.id}/summary/`)).status).toBe(200);

    const candidates = (await client.get('/api/candidates/')).json;
    expect(candidates.count).toBe(DEMO_CANDIDATES);
    expect(candidates.results).toHaveLength(10);
    expect((await client.get('/api/candidates/?skills=python&status=active')).json.count).toBeGreaterThan(0);
  });
});
