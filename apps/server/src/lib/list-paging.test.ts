import { MAX_PAGE_SIZE, PAGE_MESSAGES } from '@recruitdesk/contracts/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';
import { insertClient } from '../factories/clients.factory';
import { insertRole } from '../factories/roles.factory';
import { insertUser } from '../factories/users.factory';
import type { HttpClient } from '../test/http-client';
import { signedInClient } from '../test/sign-in';

/** Every paged list validates ?page=&page_size= with the one shared schema (decision 028). */
let t: TestApp;
let owner: HttpClient;
let lists: string[];

beforeAll(async () => {
  t = await buildTestApp();
  owner = await signedInClient(t, await insertUser(t.db, { userType: ['owner'] }));
  const client = await insertClient(t.db, { name: 'Paging Client' });
  const role = await insertRole(t.db, { clientId: client.id, name: 'Paging Role' });
  lists = [
    '/api/clients/',
    '/api/roles/dashboard/',
    '/api/roles/closed/',
    '/api/candidates/',
    '/api/users/',
    `/api/notes/role/${role.id}/`,
    `/api/roles/${role.id}/candidates/`,
  ];
});
afterAll(async () => {
  await t?.close();
});

describe('list paging', { timeout: 60_000 }, () => {
  it('accepts every page size from 1 to the cap on every list', async () => {
    for (const path of lists) {
      for (const size of [1, 10, MAX_PAGE_SIZE]) {
        const response = await owner.get(`${path}?page_size=${size}&page=1`);
        expect(response.status, `${path} page_size=${size}`).toBe(200);
      }
    }
  });

  it('refuses a size above the cap, a zero or a word with the same field message on every list', async () => {
    for (const path of lists) {
      for (const query of [`page_size=${MAX_PAGE_SIZE + 1}`, 'page_size=0', 'page_size=ten', 'page_size=2.5']) {
        const response = await owner.get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(response.json.fields?.page_size, `${path}?${query}`).toEqual([PAGE_MESSAGES.pageSize]);
      }
      for (const query of ['page=0', 'page=-1', 'page=abc', 'page=1000001']) {
        const response = await owner.get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(response.json.fields?.page, `${path}?${query}`).toEqual([PAGE_MESSAGES.page]);
      }
    }
  });

  it('answers a page past the end with no rows and the true count (the screens clamp to the last page)', async () => {
    const response = await owner.get('/api/clients/?page_size=1&page=999999');
    expect(response.status).toBe(200);
    expect(response.json.clients).toEqual([]);
    expect(response.json.count).toBeGreaterThanOrEqual(1);
  });
});
