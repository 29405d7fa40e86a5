import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client';

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const setting = async (database: Database, name: 'shared_buffers' | 'TimeZone') => {
  const result = (await database.db.execute(sql.raw(`SHOW ${name}`))) as unknown as { rows: Record<string, string>[] };
  return result.rows[0]?.[name.toLowerCase()] ?? result.rows[0]?.[name];
};

describe('the embedded database settings (decision 066)', { timeout: 60_000 }, () => {
  it('opens with 32 MB of shared buffers unless told otherwise, as a start parameter that leaves postgresql.conf alone', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'rd-embedded-settings-'));
    dirs.push(dir);
    const first = await openPglite(dir);
    expect(await setting(first, 'shared_buffers')).toBe('32MB');
    await first.close();
    const conf = readFileSync(path.join(dir, 'postgresql.conf'), 'utf8');
    // initdb's own settings are still there (overwriting the file would lose the time zone and the text
    // search configuration the migrations were written against).
    expect(conf).toMatch(/^timezone = UTC/m);
    expect(conf).toMatch(/^default_text_search_config = 'pg_catalog.english'/m);

    const reopened = await openPglite(dir, undefined, '48MB');
    expect(await setting(reopened, 'shared_buffers')).toBe('48MB');
    expect(await setting(reopened, 'TimeZone')).toBe('UTC');
    await reopened.close();
  });
});
