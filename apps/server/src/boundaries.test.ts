import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The server's import boundaries (decision 007, apps/server/eslint.boundaries.js) proved on fixture
// files: each bad one is linted with the repository's real config, as if it lived at a path inside
// src/, and must fail with the rule that guards that boundary; the good one must pass.
const serverDir = path.join(import.meta.dirname, '..');
const repoRoot = path.join(serverDir, '..', '..');
const fixture = (name: string) => path.join(serverDir, 'lint-fixtures', name);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot, ignore: false });
});

async function lintAs(name: string, virtualPath: string) {
  const [result] = await eslint.lintText(readFileSync(fixture(name), 'utf8'), {
    filePath: path.join(serverDir, virtualPath),
  });
  return (result?.messages ?? []).map((message) => ({
    rule: message.ruleId,
    line: message.line,
    message: message.message,
  }));
}

describe('server import boundaries', () => {
  it("fails a module that imports another module's repository, however the path is spelled", async () => {
    const messages = await lintAs('module-imports-repository.ts', 'src/modules/roles/fixture.ts');
    expect(messages.map((m) => [m.rule, m.line])).toEqual([
      ['import-x/no-restricted-paths', 2],
      ['import-x/no-restricted-paths', 3],
    ]);
    expect(messages[0]?.message).toContain('only through its *.service.ts');
  });

  it('fails a module that imports a module after it in the order (two-way pairs cannot form)', async () => {
    const messages = await lintAs('module-imports-later-module.ts', 'src/modules/clients/fixture.ts');
    expect(messages.map((m) => m.rule)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]?.message).toContain('clients may not import a module after it');
  });

  it('fails plugins/ (the platform) importing modules/', async () => {
    const messages = await lintAs('platform-imports-module.ts', 'src/plugins/fixture.ts');
    expect(messages.map((m) => m.rule)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]?.message).toContain('knows no domain');
  });

  it('fails production code importing the test folder', async () => {
    const messages = await lintAs('production-imports-test.ts', 'src/modules/candidates/fixture.ts');
    expect(messages.map((m) => m.rule)).toEqual(['import-x/no-restricted-paths']);
    expect(messages[0]?.message).toContain('no test support');
  });

  it('fails an import cycle', async () => {
    const results = await eslint.lintFiles([fixture('cycle/a.ts'), fixture('cycle/b.ts')]);
    const rules = results.flatMap((result) =>
      result.messages.map((message) => `${path.basename(result.filePath)} ${message.ruleId}`),
    );
    expect(rules).toEqual(['a.ts import-x/no-cycle', 'b.ts import-x/no-cycle']);
  });

  it("passes a module that imports an earlier module's service and table and the platform", async () => {
    expect(await lintAs('good-module.ts', 'src/modules/roles/fixture.ts')).toEqual([]);
  });
});
