/**
 * Security §14 for the whole API: every route of the OpenAPI document is fuzzed with 64-bit integers,
 * huge strings, unicode and nested objects in its path, query and body, as a signed-in owner (so the
 * input reaches the handlers) with a valid CSRF token. No answer may be a 5xx, and every out-of-range
 * numeric id answers 400 in the usual error shape.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/build-test-app';
import { insertPipeline } from './factories/pipelines.factory';
import { insertUser } from './factories/users.factory';
import type { HttpClient } from './test/http-client';
import { signedInClient } from './test/sign-in';
import type { UserRow } from './modules/users/users.service';

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: { type?: string | string[]; anyOf?: unknown[] };
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
interface Route {
  method: string;
  path: string;
  params: Parameter[];
  bodyKeys: string[];
  hasBody: boolean;
}

let t: TestApp;
let owner: UserRow;
let routes: Route[] = [];

/** Routes whose success would end the fuzzing session or wipe the data the rest rely on. */
const SESSION_ENDING = new Set(['POST /api/auth/logout/', 'POST /api/sessions/revoke-others/']);

beforeAll(async () => {
  t = await buildTestApp();
  owner = await insertUser(t.db, { userType: ['owner'] });
  for (let i = 0; i < 2; i++) await insertPipeline(t.db);
  const doc = (await (await fetch(`${t.baseUrl}/api/openapi.json`)).json()) as {
    paths: Record<string, Record<string, Operation>>;
  };
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const body = operation.requestBody?.content?.['application/json']?.schema;
      routes.push({
        method: method.toUpperCase(),
        path,
        params: operation.parameters ?? [],
        bodyKeys: Object.keys(body?.properties ?? {}),
        hasBody: operation.requestBody !== undefined,
      });
    }
  }
  routes = routes.filter((route) => route.path.startsWith('/api/'));
});
afterAll(async () => {
  await t?.close();
});

/** A fresh session per route: a fuzzed DELETE /api/sessions/{id}/ may end the one it runs on. */
async function client(): Promise<HttpClient> {
  const c = await signedInClient(t, owner);
  await c.get('/api/auth/csrf-token/');
  return c;
}

const int64 = fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(String);
/** Checked on every id of every route; the random fuzz draws from the longer list. */
const badIds = ['2147483648', '9223372036854775807', '0', '-1'];
const outOfRangeIds = [
  ...badIds,
  '4294967296',
  '18446744073709551616',
  '-9223372036854775808',
  '1e309',
  '99999999999999999999999',
];
const scalar = fc.oneof(
  { arbitrary: fc.constantFrom(...outOfRangeIds), weight: 3 },
  { arbitrary: int64, weight: 2 },
  fc.constantFrom('1', '1.5', 'NaN', 'Infinity', '', ' ', '%00', '\u0000', 'null', 'true', '[]', '{}', '../..'),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constant('x'.repeat(5000)),
);
/** JSON values: 64-bit integers (as numbers and strings), huge strings, unicode, nested objects and arrays. */
const jsonValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map(Number),
    fc.constantFrom(2147483648, 2 ** 53 + 2, 2 ** 63, -1, 0, 1, 1.5, 1e308, -1e308, true, false, null),
    fc.constantFrom(2147483648, 4294967296, 2 ** 63),
    scalar,
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Ids of records made in beforeAll, so some fuzzed bodies reach the handlers behind a found record. */
const existingId = fc.constantFrom('1', '2');

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? '1'));
}

// Every route of the API, several times over: minutes on a loaded 2-core machine, not seconds.
describe('every route of the OpenAPI document', { timeout: 180_000 }, () => {
  it('is found in the document (the fuzz covers the whole API)', () => {
    expect(routes.length).toBeGreaterThan(80);
    const keys = routes.map((route) => `${route.method} ${route.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'GET /api/candidates/{id}/',
        'PATCH /api/pipelines/{id}/',
        'GET /api/activity/',
        'POST /api/auth/login/',
      ]),
    );
  });

  it('answers 400 in the usual shape to every numeric path id above 2^31 - 1, zero or negative', async () => {
    const c = await client();
    const failures: string[] = [];
    for (const route of routes) {
      const ids = route.params.filter((p) => p.in === 'path' && [p.schema?.type].flat().includes('integer'));
      if (!ids.length || SESSION_ENDING.has(`${route.method} ${route.path}`)) continue;
      for (const id of badIds) {
        const path = fill(
          route.path,
          Object.fromEntries(
            route.params
              .filter((p) => p.in === 'path')
              .map((p) => [p.name, ids.includes(p) ? id : p.name === 'model_type' ? 'client' : '1']),
          ),
        );
        const response = await c.request(route.method, path, route.hasBody ? { body: {} } : {});
        const shapeOk =
          response.json?.success === false &&
          typeof response.json?.error === 'string' &&
          response.json?.code === 'VALIDATION_FAILED';
        if (response.status !== 400 || !shapeOk)
          failures.push(`${route.method} ${path} → ${response.status} ${response.text.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('answers 400 to every numeric query id above 2^31 - 1, zero or negative', async () => {
    const c = await client();
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.method === 'GET')) {
      const ids = route.params.filter(
        (p) =>
          p.in === 'query' &&
          (p.name === 'id' || p.name.endsWith('_id') || p.name === 'before' || p.name === 'client') &&
          JSON.stringify(p.schema ?? {}).includes('integer'),
      );
      for (const param of ids) {
        for (const id of badIds) {
          const path = `${fill(route.path, {})}?${param.name === 'object_id' ? 'model_type=client&' : ''}${param.name}=${encodeURIComponent(id)}`;
          const response = await c.get(path);
          if (response.status !== 400 || response.json?.success !== false)
            failures.push(`GET ${path} → ${response.status} ${response.text.slice(0, 80)}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('names every body id above 2^31 - 1, zero or negative as a field error', async () => {
    const c = await client();
    const failures: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const key of route.bodyKeys.filter((name) => name.endsWith('_id') || name === 'ids')) {
        for (const id of [2147483648, 2 ** 63, 0, -1]) {
          const response = await c.request(route.method, fill(route.path, {}), {
            body: { [key]: key === 'ids' ? [id] : id },
          });
          checked += 1;
          if (response.status !== 400 || !response.json?.fields?.[key === 'ids' ? 'ids.0' : key])
            failures.push(
              `${route.method} ${route.path} ${key}=${id} → ${response.status} ${response.text.slice(0, 120)}`,
            );
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(failures).toEqual([]);
  });

  it('never answers 5xx to fuzzed path, query and body values', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (SESSION_ENDING.has(`${route.method} ${route.path}`)) continue;
      const c = await client();
      const pathNames = route.params.filter((p) => p.in === 'path').map((p) => p.name);
      const queryNames = route.params.filter((p) => p.in === 'query').map((p) => p.name);
      const input = fc.record({
        path: fc.record(Object.fromEntries(pathNames.map((name) => [name, fc.oneof(scalar, existingId)]))),
        query: fc.dictionary(
          fc.constantFrom(...queryNames, 'unknown'),
          fc.oneof(scalar, fc.array(scalar, { minLength: 2, maxLength: 3 })),
          { maxKeys: 4 },
        ),
        body: fc.oneof(
          jsonValue,
          fc.record(Object.fromEntries(route.bodyKeys.map((key) => [key, jsonValue])), { requiredKeys: [] }),
        ),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ path, query, body }) => {
          const search = new URLSearchParams();
          for (const [key, value] of Object.entries(query)) for (const item of [value].flat()) search.append(key, item);
          const url = `${fill(route.path, path as Record<string, string>)}${search.size ? `?${search}` : ''}`;
          const response = await c.request(
            route.method,
            url,
            route.method === 'GET' || route.method === 'DELETE' ? {} : { rawBody: JSON.stringify(body) ?? 'null' },
          );
          if (response.status >= 500)
            failures.push(`${route.method} ${url} ${JSON.stringify(body)?.slice(0, 200)} → ${response.status}`);
          return response.status < 500;
        }),
        { numRuns: 8, endOnFailure: true },
      );
    }
    expect(failures).toEqual([]);
  });
});
