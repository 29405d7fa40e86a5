import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The web import boundaries (decision 018) are checked on resolved paths. Each fixture in lint-fixtures/
// names the file it pretends to be (`// lint-as: …`) and is linted there with the repository's config;
// the deliberately bad ones must fail on the boundary rule, the allowed one must pass. The fixtures are
// ignored by `npm run lint` and left out of the type check.
const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '../../..');
const fixtures = path.join(here, 'lint-fixtures');

const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });

async function boundaryMessages(fixture: string, ruleId = 'web/web-boundaries') {
  const code = fs.readFileSync(path.join(fixtures, fixture), 'utf8');
  const lintAs = /^\/\/ lint-as: (\S+)/.exec(code)?.[1];
  if (!lintAs) throw new Error(`${fixture} names no lint-as path`);
  const [result] = await eslint.lintText(code, { filePath: path.join(root, lintAs) });
  return (result?.messages ?? []).filter((m) => m.ruleId === ruleId).map((m) => m.message);
}

const bad: Record<string, RegExp> = {
  'feature-imports-feature-relative.ts': /features do not import each other \(candidates → pipelines\)/,
  'feature-imports-feature-alias.ts': /features do not import each other \(candidates → pipelines\)/,
  'feature-imports-app-relative.ts': /features do not import the app layer/,
  'shared-imports-feature-relative.ts': /Shared web code .* never imports features/,
  'shared-imports-api.ts': /Shared web code .* never imports features, src\/api\//,
  'api-imports-feature-relative.ts': /src\/api\/\) imports only lib\//,
  'production-imports-test-support.ts': /Production code does not import tests or test support/,
};

// Import cycles (issue 30 item 5), type-only and dynamic imports counted: each fixture is linted in place of
// a real file, whose imports lead back to it.
const cycles: Record<string, RegExp> = {
  'type-import-cycle.ts': /Import cycle: lib\/sentry-client\.ts → lib\/error-tracking\.ts → lib\/sentry-client\.ts/,
};

describe('web import boundaries (lint on resolved paths)', () => {
  it('has a fixture for every case and no stray ones', () => {
    expect(fs.readdirSync(fixtures).sort()).toEqual(
      [...Object.keys(bad), ...Object.keys(cycles), 'allowed-imports.ts'].sort(),
    );
  });

  for (const [fixture, expected] of Object.entries(cycles)) {
    it(`fails ${fixture} on the cycle rule`, async () => {
      const messages = await boundaryMessages(fixture, 'web/no-cycle');
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(expected);
    });
  }

  it('finds no cycle in the web app itself (the Sentry client and error tracking share a third file)', async () => {
    const results = await eslint.lintFiles([
      path.join(root, 'apps/web/src/lib/error-tracking.ts'),
      path.join(root, 'apps/web/src/lib/sentry-client.ts'),
    ]);
    expect(results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'web/no-cycle'))).toEqual([]);
  });

  for (const [fixture, expected] of Object.entries(bad)) {
    it(`fails ${fixture}`, async () => {
      const messages = await boundaryMessages(fixture);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toMatch(expected);
    });
  }

  it('passes a feature importing itself, the shared API layer, shared code and packages', async () => {
    expect(await boundaryMessages('allowed-imports.ts')).toEqual([]);
  });
});
