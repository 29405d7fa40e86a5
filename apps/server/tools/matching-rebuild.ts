/**
 * `npm run matching:rebuild`: rebuilds every candidate's match profile (issue 32) in the database the server
 * would open (DATABASE_URL, else the embedded one under DATA_DIR). Writes keep profiles current on their own
 * (a trigger marks them stale, the next ranking rebuilds them); run this after an import or a restore that
 * went around the app, or after the skill vocabulary changed, so the first ranking is not the one to pay.
 * Stop the server first when the database is the embedded one (it takes one process at a time).
 */
import { parseEnv } from '../src/config/env';
import { openDatabase } from '../src/db/client';
import { rebuildAllProfiles } from '../src/modules/matching/profile-refresh';
import { loadSkillTerms } from '../src/modules/matching/skill-terms';

const config = parseEnv(process.env);
const database = await openDatabase(config);
try {
  await database.migrate();
  const started = Date.now();
  const terms = await loadSkillTerms(database.db);
  const done = await rebuildAllProfiles(database.db, terms, (count) => {
    if (count % 10_000 === 0) process.stdout.write(`  ${count.toLocaleString('en-US')} profiles…\n`);
  });
  process.stdout.write(
    `Rebuilt ${done.toLocaleString('en-US')} candidate match profiles in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`,
  );
} finally {
  await database.close();
}
